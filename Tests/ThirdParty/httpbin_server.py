"""httpbin (from PyPI) on 127.0.0.1 and a free port, for the SDK's upload tests.

Prints the port on its first line, then serves until it is terminated.
httpbin's own /post echoes form fields and file contents but not a file
part's filename or content type, so one extra route, /multipart-parts,
reports those as Werkzeug (Flask's request parser) read them.
"""
import hashlib
import logging
import signal

from flask import jsonify, request
from httpbin import app
from werkzeug.serving import make_server

logging.getLogger("werkzeug").setLevel(logging.ERROR)


@app.route("/multipart-parts", methods=["POST"])
def multipart_parts():
    files = {}
    for name, storage in request.files.items(multi=True):
        data = storage.read()
        files[name] = {
            "filename": storage.filename,
            "content_type": storage.content_type,
            "size": len(data),
            "sha256": hashlib.sha256(data).hexdigest(),
        }
    return jsonify(form=request.form.to_dict(), files=files)


# A child of a Swift process inherits the spawning thread's signal mask, and
# Swift's worker threads block SIGTERM: unblocked, the test's terminate()
# stops this server instead of leaving it behind.
signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})

server = make_server("127.0.0.1", 0, app, threaded=True)
print(server.server_port, flush=True)
server.serve_forever()
