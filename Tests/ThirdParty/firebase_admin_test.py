"""The Firebase Admin SDK for Python, pointed at the Sandbox as its emulator.

Run by FirebaseAdminSDKTests (make test) with FIREBASE_DATABASE_EMULATOR_HOST
set to a Sandbox started on a free port. Everything here goes through the
SDK's own HTTP session, as an app using the SDK against the official emulator
would: rules through /.settings/rules.json, reads and writes, queries, ETags,
transactions, streams, and auth_variable_override of a uid and of None.
"""

import os
import threading
import unittest

import firebase_admin
from firebase_admin import credentials, db, exceptions

NAMESPACE = "admin-sdk-test"
URL = f"https://{NAMESPACE}.firebaseio.com"

RULES = """{
  // Anyone reads the public posts; signed-in users write their own.
  "rules": {
    "posts": {
      ".read": true,
      ".indexOn": ["uid"],
      "$post": {
        ".write": "auth != null && (!data.exists() || data.child('uid').val() === auth.uid)",
        ".validate": "newData.hasChildren(['uid', 'text']) && newData.child('uid').val() === auth.uid",
        "text": {".validate": "newData.isString() && newData.val().length <= 140"}
      }
    },
    "users": {
      "$uid": {".read": "auth != null && auth.uid === $uid", ".write": "auth != null && auth.uid === $uid"}
    }
  }
}"""


class _Credential(credentials.Base):
    """No Google credential is needed for an emulator; the SDK sends `Bearer owner`."""

    def get_credential(self):
        raise AssertionError("an emulator connection must not ask for Google credentials")


def _app(name, override="unset"):
    options = {"databaseURL": URL}
    if override != "unset":
        options["databaseAuthVariableOverride"] = override
    return firebase_admin.initialize_app(_Credential(), options, name=name)


class AdminSDKAgainstSandbox(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        assert os.environ.get("FIREBASE_DATABASE_EMULATOR_HOST"), "FIREBASE_DATABASE_EMULATOR_HOST is not set"
        cls.admin = _app("admin")
        cls.ada = _app("ada", {"uid": "ada"})
        cls.bob = _app("bob", {"uid": "bob"})
        cls.nobody = _app("nobody", None)
        cls.client = db.reference(app=cls.admin)._client

    def setUp(self):
        self.client.request("put", "/.settings/rules.json", data='{"rules": {".read": true, ".write": true}}')
        db.reference("/", app=self.admin).delete()

    def set_rules(self, text):
        response = self.client.request("put", "/.settings/rules.json", data=text)
        self.assertEqual(response.json(), {"status": "ok"})

    def test_rules_are_read_and_written(self):
        strict = self.client.request("get", "/.settings/rules.json", params="format=strict").json()
        self.assertEqual(strict, {"rules": {".read": True, ".write": True}})
        self.set_rules(RULES)
        self.assertEqual(self.client.request("get", "/.settings/rules.json").text, RULES)
        strict = self.client.request("get", "/.settings/rules.json", params="format=strict").json()
        self.assertEqual(strict["rules"]["posts"][".indexOn"], ["uid"])
        with self.assertRaises(exceptions.InvalidArgumentError) as refused:
            self.client.request("put", "/.settings/rules.json", data='{"rules": {".read": "nope"}}')
        self.assertIn("Unknown variable 'nope'", str(refused.exception))

    def test_permission_denied_where_the_rules_deny(self):
        self.set_rules(RULES)
        ada_post = db.reference("posts/p1", app=self.ada)
        ada_post.set({"uid": "ada", "text": "Hello"})
        self.assertEqual(db.reference("posts/p1", app=self.nobody).get(), {"uid": "ada", "text": "Hello"})
        cases = [
            lambda: db.reference("posts/p1", app=self.bob).set({"uid": "bob", "text": "Mine now"}),
            lambda: db.reference("posts/p2", app=self.ada).set({"uid": "bob", "text": "As Bob"}),
            lambda: db.reference("posts/p2", app=self.ada).set({"uid": "ada", "text": "x" * 141}),
            lambda: db.reference("posts/p2", app=self.nobody).set({"uid": "ada", "text": "Anonymous"}),
            lambda: db.reference("users/ada", app=self.bob).get(),
            lambda: db.reference("users/ada", app=self.nobody).get(),
            lambda: db.reference("users", app=self.ada).get(),
            lambda: db.reference("posts/p1", app=self.bob).delete(),
        ]
        for index, case in enumerate(cases):
            with self.subTest(case=index):
                with self.assertRaises(exceptions.UnauthenticatedError) as denied:
                    case()
                self.assertEqual(str(denied.exception), "Permission denied")
        db.reference("users/ada", app=self.ada).set({"name": "Ada"})
        self.assertEqual(db.reference("users/ada", app=self.ada).get(), {"name": "Ada"})
        db.reference("posts/p1", app=self.ada).update({"text": "Edited"})
        self.assertEqual(db.reference("posts/p1/text", app=self.admin).get(), "Edited")
        self.assertEqual(db.reference("posts/p1", app=self.admin).get(), {"uid": "ada", "text": "Edited"})

    def test_reads_writes_queries_and_etags(self):
        ref = db.reference("dinosaurs", app=self.admin)
        ref.set({"lambeosaurus": {"height": 2.1, "length": 12.5}, "stegosaurus": {"height": 4, "length": 9}})
        pushed = ref.push({"height": 1, "length": 2})
        self.assertTrue(pushed.key.startswith("-"))
        self.assertEqual(ref.child(pushed.key).get(), {"height": 1, "length": 2})
        ref.child(pushed.key).delete()
        tallest = ref.order_by_child("height").limit_to_last(1).get()
        self.assertEqual(list(tallest.keys()), ["stegosaurus"])
        by_key = ref.order_by_key().start_at("m").get()
        self.assertEqual(list(by_key.keys()), ["stegosaurus"])
        self.assertEqual(ref.get(shallow=True), {"lambeosaurus": True, "stegosaurus": True})
        value, etag = ref.child("stegosaurus/height").get(etag=True)
        self.assertEqual(value, 4)
        changed, _, _ = ref.child("stegosaurus/height").get_if_changed(etag)
        self.assertFalse(changed)
        success, _, _ = ref.child("stegosaurus/height").set_if_unchanged(etag, 5)
        self.assertTrue(success)
        success, current, _ = ref.child("stegosaurus/height").set_if_unchanged(etag, 6)
        self.assertFalse(success)
        self.assertEqual(current, 5)

    def test_transactions_do_not_lose_updates(self):
        counter = db.reference("counter", app=self.admin)
        counter.set(0)

        def increment():
            for _ in range(10):
                counter.transaction(lambda value: (value or 0) + 1)

        threads = [threading.Thread(target=increment) for _ in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        self.assertEqual(counter.get(), 40)

    def test_listen_streams_changes(self):
        events = []
        seen = threading.Event()

        def listener(event):
            events.append((event.event_type, event.path, event.data))
            if len(events) >= 2:
                seen.set()

        ref = db.reference("live", app=self.admin)
        registration = ref.listen(listener)
        try:
            ref.child("a").set(1)
            self.assertTrue(seen.wait(10), f"events: {events}")
        finally:
            registration.close()
        self.assertEqual(events[0], ("put", "/", None))
        self.assertEqual(events[1], ("put", "/a", 1))


if __name__ == "__main__":
    unittest.main(verbosity=2)
