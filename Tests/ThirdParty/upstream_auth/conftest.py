"""Runs firebase-admin-python's own integration/test_auth.py against a Sandbox
(scripts/upstream_firebase_admin_auth.sh), as its conftest runs it against a
project: the Sandbox started on a free port for the session, the file's v3
URLs pointed at it, and a generated service account."""
import os
import subprocess

import pytest

import firebase_admin

SANDBOX = os.environ["SANDBOX_BIN"]
PROJECT = "test-project"
_proc = subprocess.Popen([SANDBOX, "--port", "0", "--project", PROJECT], stdout=subprocess.PIPE, text=True)
_first = _proc.stdout.readline()
_host = _first.strip().split("http://", 1)[1]
os.environ["FIREBASE_AUTH_EMULATOR_HOST"] = _host
os.environ["GOOGLE_CLOUD_PROJECT"] = PROJECT


def pytest_sessionfinish(session, exitstatus):
    _proc.terminate()


@pytest.fixture(scope="session")
def project_id():
    return PROJECT


@pytest.fixture(autouse=True, scope="session")
def default_app():
    import test_auth
    legacy = f"http://{_host}/www.googleapis.com/identitytoolkit/v3/relyingparty/"
    for name in ["_verify_token_url", "_verify_password_url", "_password_reset_url", "_verify_email_url",
                 "_email_sign_in_url"]:
        setattr(test_auth, name, legacy + getattr(test_auth, name).rsplit("/", 1)[1])
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import rsa
    from firebase_admin import credentials
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    pem = key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                            serialization.NoEncryption()).decode()
    cert = credentials.Certificate({
        "type": "service_account", "project_id": PROJECT, "private_key_id": "fake", "private_key": pem,
        "client_email": f"sandbox@{PROJECT}.iam.gserviceaccount.com", "client_id": "1",
        "token_uri": "https://oauth2.googleapis.com/token"})
    return firebase_admin.initialize_app(cert, {"projectId": PROJECT})


@pytest.fixture(scope="session")
def api_key():
    return "fake-api-key"
