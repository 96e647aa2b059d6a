"""The Firebase Admin SDK for Python's `auth` module, pointed at the Sandbox.

Run by FirebaseAdminSDKTests (make test) with FIREBASE_AUTH_EMULATOR_HOST set
to a Sandbox started on a free port, as an app's tests would point it at the
official Auth emulator. The tests follow firebase-admin-python's own
integration/test_auth.py where it applies to an emulator (that file is not in
the PyPI package; pointed at the Sandbox by hand, 35 of its 48 tests pass and
the rest need the internet or what the official emulator lacks too, see the
SandboxFirebaseAuth catalog): user management and its errors, paging, custom claims, providers,
revoking and disabling against verify_id_token, import, reset and
verification links with their codes, custom tokens, session cookies, email
link sign-in, lookups by every identifier, the legacy v3 paths, and
verify_id_token of a token the Sandbox issued at sign-in.
"""

import datetime
import json
import os
import time
import unittest
import urllib.request
from urllib.parse import parse_qs, urlparse

import firebase_admin
from firebase_admin import auth

PROJECT = "demo-sandbox"  # the Sandbox is started with this project (sandbox --project)
HOST = os.environ["FIREBASE_AUTH_EMULATOR_HOST"]


def rest(method, body):
    """A client API call, as a web or mobile app makes it, with a web API key."""
    request = urllib.request.Request(
        f"http://{HOST}/identitytoolkit.googleapis.com/v1/{method}?key=fake-api-key",
        data=json.dumps(body).encode(), headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request) as response:
            return json.load(response)
    except urllib.error.HTTPError as error:
        return json.load(error)


def legacy(method, body):
    """The same through the legacy v3 path older SDKs call."""
    request = urllib.request.Request(
        f"http://{HOST}/www.googleapis.com/identitytoolkit/v3/relyingparty/{method}?key=fake-api-key",
        data=json.dumps(body).encode(), headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as response:
        return json.load(response)


def sign_in(email, password):
    return rest("accounts:signInWithPassword", {"email": email, "password": password, "returnSecureToken": True})


class AuthTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.app = firebase_admin.initialize_app(options={"projectId": PROJECT}, name="auth-test")
        cls.client = auth._get_client(cls.app)

    def setUp(self):
        # As the official emulator's users clear it between tests.
        urllib.request.urlopen(urllib.request.Request(
            f"http://{HOST}/emulator/v1/projects/{PROJECT}/accounts", method="DELETE")).read()

    def test_create_get_update_delete(self):
        user = auth.create_user(
            uid="ada", email="Ada@Example.com", password="correct horse", display_name="Ada",
            phone_number="+15555550100", email_verified=True, app=self.app)
        self.assertEqual(user.uid, "ada")
        self.assertEqual(user.email, "ada@example.com")
        self.assertEqual(user.display_name, "Ada")
        self.assertTrue(user.email_verified)
        self.assertFalse(user.disabled)
        self.assertIsNotNone(user.user_metadata.creation_timestamp)
        self.assertEqual({p.provider_id for p in user.provider_data}, {"password", "phone"})
        self.assertEqual(auth.get_user_by_email("ada@example.com", app=self.app).uid, "ada")
        self.assertEqual(auth.get_user_by_phone_number("+15555550100", app=self.app).uid, "ada")
        with self.assertRaises(auth.UidAlreadyExistsError):
            auth.create_user(uid="ada", app=self.app)
        with self.assertRaises(auth.EmailAlreadyExistsError):
            auth.create_user(email="ada@example.com", app=self.app)

        updated = auth.update_user(
            "ada", display_name="Ada Lovelace", photo_url="https://example.com/ada.png",
            phone_number=auth.DELETE_ATTRIBUTE, app=self.app)
        self.assertEqual(updated.display_name, "Ada Lovelace")
        self.assertEqual(updated.photo_url, "https://example.com/ada.png")
        self.assertIsNone(updated.phone_number)

        auth.delete_user("ada", app=self.app)
        with self.assertRaises(auth.UserNotFoundError):
            auth.get_user("ada", app=self.app)

    def test_disable_user(self):
        auth.create_user(uid="bob", email="bob@example.com", password="correct horse", app=self.app)
        self.assertIn("idToken", sign_in("bob@example.com", "correct horse"))
        self.assertTrue(auth.update_user("bob", disabled=True, app=self.app).disabled)
        self.assertEqual(sign_in("bob@example.com", "correct horse")["error"]["message"], "USER_DISABLED")
        self.assertFalse(auth.update_user("bob", disabled=False, app=self.app).disabled)

    def test_list_users_in_pages(self):
        uids = sorted(f"user{i:02d}" for i in range(25))
        for uid in uids:
            auth.create_user(uid=uid, app=self.app)
        page = auth.list_users(max_results=10, app=self.app)
        self.assertEqual([u.uid for u in page.users], uids[:10])
        self.assertTrue(page.has_next_page)
        self.assertEqual([u.uid for u in page.iterate_all()], uids)

    def test_get_users_and_delete_users(self):
        for uid in ["a", "b", "c"]:
            auth.create_user(uid=uid, email=f"{uid}@example.com", app=self.app)
        found = auth.get_users(
            [auth.UidIdentifier("a"), auth.EmailIdentifier("b@example.com"), auth.UidIdentifier("missing")],
            app=self.app)
        self.assertEqual(sorted(u.uid for u in found.users), ["a", "b"])
        self.assertEqual(len(found.not_found), 1)
        result = auth.delete_users(["a", "b", "c"], app=self.app)
        self.assertEqual(result.success_count, 3)
        self.assertEqual(auth.list_users(app=self.app).users, [])

    def test_custom_claims_reach_the_id_token(self):
        auth.create_user(uid="ada", email="ada@example.com", password="correct horse", app=self.app)
        auth.set_custom_user_claims("ada", {"admin": True, "level": 3}, app=self.app)
        self.assertEqual(auth.get_user("ada", app=self.app).custom_claims, {"admin": True, "level": 3})
        claims = auth.verify_id_token(sign_in("ada@example.com", "correct horse")["idToken"], app=self.app)
        self.assertTrue(claims["admin"])
        self.assertEqual(claims["level"], 3)
        auth.set_custom_user_claims("ada", None, app=self.app)
        self.assertIsNone(auth.get_user("ada", app=self.app).custom_claims)

    def test_verify_id_token_of_a_sign_in(self):
        answer = rest("accounts:signUp", {"email": "ada@example.com", "password": "correct horse",
                                          "returnSecureToken": True})
        claims = auth.verify_id_token(answer["idToken"], app=self.app)
        self.assertEqual(claims["uid"], answer["localId"])
        self.assertEqual(claims["email"], "ada@example.com")
        self.assertEqual(claims["firebase"]["sign_in_provider"], "password")
        with self.assertRaises(auth.InvalidIdTokenError):
            auth.verify_id_token("not.a.token", app=self.app)

    def test_revoke_refresh_tokens(self):
        auth.create_user(uid="ada", email="ada@example.com", password="correct horse", app=self.app)
        old = sign_in("ada@example.com", "correct horse")
        time.sleep(1)
        auth.revoke_refresh_tokens("ada", app=self.app)
        self.assertIsNotNone(auth.get_user("ada", app=self.app).tokens_valid_after_timestamp)
        with self.assertRaises(auth.RevokedIdTokenError):
            auth.verify_id_token(old["idToken"], check_revoked=True, app=self.app)
        time.sleep(1)
        fresh = sign_in("ada@example.com", "correct horse")
        self.assertEqual(auth.verify_id_token(fresh["idToken"], check_revoked=True, app=self.app)["uid"], "ada")

    def test_custom_token_sign_in(self):
        token = auth.create_custom_token("ada", {"premium": True}, app=self.app).decode()
        answer = rest("accounts:signInWithCustomToken", {"token": token, "returnSecureToken": True})
        claims = auth.verify_id_token(answer["idToken"], app=self.app)
        self.assertEqual(claims["uid"], "ada")
        self.assertTrue(claims["premium"])

    def test_import_users(self):
        users = [auth.ImportUserRecord(uid=f"imported{i}", email=f"imported{i}@example.com") for i in range(3)]
        result = auth.import_users(users, app=self.app)
        self.assertEqual(result.success_count, 3)
        self.assertEqual(result.failure_count, 0)
        self.assertEqual(auth.get_user("imported1", app=self.app).email, "imported1@example.com")

    def test_password_reset_link(self):
        auth.create_user(uid="ada", email="ada@example.com", password="correct horse", app=self.app)
        link = auth.generate_password_reset_link("ada@example.com", app=self.app)
        self.assertIn("mode=resetPassword", link)
        self.assertIn("oobCode=", link)
        link = auth.generate_email_verification_link("ada@example.com", app=self.app)
        self.assertIn("mode=verifyEmail", link)

    def test_non_existing_users(self):
        # test_get_non_existing_user(_by_email), test_update_/test_delete_non_existing_user
        with self.assertRaises(auth.UserNotFoundError):
            auth.get_user("non.existing", app=self.app)
        with self.assertRaises(auth.UserNotFoundError):
            auth.get_user_by_email("non.existing@definitely.non.existing", app=self.app)
        with self.assertRaises(auth.UserNotFoundError):
            auth.update_user("non.existing", app=self.app)
        with self.assertRaises(auth.UserNotFoundError):
            auth.delete_user("non.existing", app=self.app)

    def test_last_refresh_timestamp(self):
        user = auth.create_user(uid="ada", email="ada@example.com", password="secret", app=self.app)
        self.assertIsNone(user.user_metadata.last_refresh_timestamp)
        sign_in("ada@example.com", "secret")
        refreshed = auth.get_user("ada", app=self.app).user_metadata.last_refresh_timestamp
        self.assertIsNotNone(refreshed)
        self.assertLess(abs(refreshed - time.time() * 1000), 60_000)

    def test_update_custom_user_claims(self):
        auth.create_user(uid="ada", app=self.app)
        auth.set_custom_user_claims("ada", {"admin": True, "package": "gold"}, app=self.app)
        auth.set_custom_user_claims("ada", {"admin": False, "subscription": "guest"}, app=self.app)
        self.assertEqual(auth.get_user("ada", app=self.app).custom_claims, {"admin": False, "subscription": "guest"})

    def test_remove_provider(self):
        record = auth.ImportUserRecord(
            uid="ada", email="ada@example.com",
            provider_data=[auth.UserProvider(uid="google-ada", provider_id="google.com", email="ada@gmail.com")])
        self.assertEqual(auth.import_users([record], app=self.app).success_count, 1)
        ids = [p.provider_id for p in auth.get_user("ada", app=self.app).provider_data]
        self.assertIn("google.com", ids)
        user = auth.update_user("ada", providers_to_delete=["google.com"], app=self.app)
        self.assertNotIn("google.com", [p.provider_id for p in user.provider_data])

    def test_verify_id_token_disabled(self):
        auth.create_user(uid="ada", app=self.app)
        token = auth.create_custom_token("ada", app=self.app).decode()
        id_token = rest("accounts:signInWithCustomToken", {"token": token, "returnSecureToken": True})["idToken"]
        auth.verify_id_token(id_token, check_revoked=True, app=self.app)
        auth.update_user("ada", disabled=True, app=self.app)
        self.assertEqual(auth.verify_id_token(id_token, check_revoked=False, app=self.app)["sub"], "ada")
        with self.assertRaises(auth.UserDisabledError):
            auth.verify_id_token(id_token, check_revoked=True, app=self.app)

    def test_password_reset_and_email_verification_codes(self):
        # test_password_reset, test_email_verification_with_settings
        auth.create_user(uid="ada", email="ada@example.com", password="password", app=self.app)
        link = auth.generate_password_reset_link("ada@example.com", app=self.app)
        code = parse_qs(urlparse(link).query)["oobCode"][0]
        answer = rest("accounts:resetPassword", {"oobCode": code, "newPassword": "newPassword"})
        self.assertEqual(answer["email"], "ada@example.com")
        self.assertTrue(auth.get_user("ada", app=self.app).email_verified)
        self.assertIn("idToken", sign_in("ada@example.com", "newPassword"))

        auth.update_user("ada", email_verified=False, app=self.app)
        settings = auth.ActionCodeSettings("http://localhost?a=1&b=5#f=1")
        link = auth.generate_email_verification_link("ada@example.com", action_code_settings=settings, app=self.app)
        query = parse_qs(urlparse(link).query)
        self.assertEqual(query["continueUrl"][0], "http://localhost?a=1&b=5#f=1")
        answer = rest("accounts:update", {"oobCode": query["oobCode"][0]})
        self.assertEqual(answer["email"], "ada@example.com")
        self.assertTrue(auth.get_user("ada", app=self.app).email_verified)

    def test_session_cookies(self):
        # test_session_cookies, test_session_cookie_error, test_verify_session_cookie_revoked/_disabled
        token = auth.create_custom_token("ada", {"premium": True}, app=self.app).decode()
        id_token = legacy("verifyCustomToken", {"token": token, "returnSecureToken": True})["idToken"]
        cookie = auth.create_session_cookie(id_token, expires_in=datetime.timedelta(days=1), app=self.app)
        claims = auth.verify_session_cookie(cookie, check_revoked=True, app=self.app)
        self.assertEqual(claims["uid"], "ada")
        self.assertTrue(claims["premium"])
        self.assertTrue(claims["iss"].startswith("https://session.firebase.google.com"))
        self.assertLess(abs(claims["exp"] - (time.time() + 86400)), 60)
        with self.assertRaises(auth.InvalidIdTokenError):
            auth.create_session_cookie("not.a.token", expires_in=datetime.timedelta(days=1), app=self.app)
        with self.assertRaises(ValueError):
            auth.create_session_cookie(id_token, expires_in=datetime.timedelta(seconds=10), app=self.app)
        time.sleep(1)
        auth.revoke_refresh_tokens("ada", app=self.app)
        auth.verify_session_cookie(cookie, check_revoked=False, app=self.app)
        with self.assertRaises(auth.RevokedSessionCookieError):
            auth.verify_session_cookie(cookie, check_revoked=True, app=self.app)
        id_token = legacy("verifyCustomToken", {"token": token, "returnSecureToken": True})["idToken"]
        cookie = auth.create_session_cookie(id_token, expires_in=datetime.timedelta(days=1), app=self.app)
        auth.update_user("ada", disabled=True, app=self.app)
        with self.assertRaises(auth.UserDisabledError):
            auth.verify_session_cookie(cookie, check_revoked=True, app=self.app)

    def test_email_link_sign_in(self):
        # test_email_sign_in_with_settings
        user = auth.create_user(uid="ada", email="ada@example.com", password="password", app=self.app)
        self.assertFalse(user.email_verified)
        settings = auth.ActionCodeSettings("http://localhost?a=1&b=5#f=1")
        link = auth.generate_sign_in_with_email_link("ada@example.com", action_code_settings=settings, app=self.app)
        query = parse_qs(urlparse(link).query)
        self.assertEqual(query["mode"][0], "signIn")
        self.assertEqual(query["continueUrl"][0], "http://localhost?a=1&b=5#f=1")
        answer = legacy("emailLinkSignin", {"email": "ada@example.com", "oobCode": query["oobCode"][0]})
        self.assertEqual(auth.verify_id_token(answer["idToken"], app=self.app)["uid"], "ada")
        self.assertTrue(auth.get_user("ada", app=self.app).email_verified)
        # A code is used once; a new address gets an account of its own.
        again = rest("accounts:signInWithEmailLink", {"email": "ada@example.com", "oobCode": query["oobCode"][0]})
        self.assertEqual(again["error"]["message"], "INVALID_OOB_CODE")
        link = auth.generate_sign_in_with_email_link("new@example.com", action_code_settings=settings, app=self.app)
        code = parse_qs(urlparse(link).query)["oobCode"][0]
        created = rest("accounts:signInWithEmailLink", {"email": "new@example.com", "oobCode": code})
        self.assertTrue(created["isNewUser"])
        self.assertTrue(auth.get_user_by_email("new@example.com", app=self.app).email_verified)

    def test_get_users_by_every_identifier(self):
        # TestGetUsers::test_multiple_uid_types
        auth.create_user(uid="ada", email="ada@example.com", app=self.app)
        auth.create_user(uid="bob", phone_number="+15555550101", app=self.app)
        record = auth.ImportUserRecord(
            uid="cy", provider_data=[auth.UserProvider(uid="google-cy", provider_id="google.com")])
        auth.import_users([record], app=self.app)
        result = auth.get_users([
            auth.UidIdentifier("ada"), auth.PhoneIdentifier("+15555550101"),
            auth.ProviderIdentifier("google.com", "google-cy"), auth.EmailIdentifier("nobody@example.com")],
            app=self.app)
        self.assertEqual(sorted(user.uid for user in result.users), ["ada", "bob", "cy"])
        self.assertEqual(len(result.not_found), 1)


if __name__ == "__main__":
    unittest.main(verbosity=2)
