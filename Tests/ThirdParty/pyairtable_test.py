"""pyairtable (from PyPI) against the Sandbox's Airtable emulator.

Run by PyAirtableTests (make test) with AIRTABLE_ENDPOINT_URL set to a
Sandbox started on a free port with `airtable-test-base.json` loaded (the
base pyairtable's own integration tests use: `Test Wrapper`, `TEST_TABLE`,
its table and field ids, and a second table, `SHOUTING`, with a formula
field). Everything goes through pyairtable's own session, as an app using it
against api.airtable.com would: records, batches, upserts with and without
`replace`, records sent back as they were received, every list option by GET
and by POST, its `formulas` module, its ORM (links both ways, lookups,
counts, a formula's NaN and errors), comments, the schema API and webhooks
(for this machine and for another host, with a notification MAC checked by
pyairtable's own `WebhookNotification.from_request`).
"""

import datetime
import os
import time
import unittest
import uuid

from pyairtable import Api
from requests import HTTPError
from pyairtable.formulas import AND, DATETIME_PARSE, EQ, FIND, GT, LEN, OR, Field, match

BASE = "appaPqizdsNHDvlEm"
TABLE = "TEST_TABLE"
TABLE_ID = "tblfbOcVkVnnKxurq"
TEXT_ID = "fldzbVdWW4xJdZ1em"
NUMBER_ID = "fldFLyuxGuWobyMV2"


class PyAirtableAgainstSandbox(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.api = Api(os.environ["AIRTABLE_TOKEN"], endpoint_url=os.environ["AIRTABLE_ENDPOINT_URL"])
        cls.table = cls.api.table(BASE, TABLE)
        cls.shouting = cls.api.table(BASE, "SHOUTING")

    def test_records(self):
        table = self.table
        record = table.create({"text": "A", "number": 1, "boolean": True})
        self.assertEqual(table.get(record["id"])["fields"]["text"], "A")
        self.assertEqual(table.update(record["id"], {"text": "B"})["fields"]["number"], 1)
        replaced = table.update(record["id"], {"number": 2}, replace=True)
        self.assertEqual(replaced["fields"], {"number": 2})
        self.assertIn(record["id"], [r["id"] for r in table.all()])
        self.assertTrue(table.delete(record["id"])["deleted"])

        created = table.batch_create([{"text": f"row {n}", "number": n} for n in range(25)])
        self.assertEqual(len(created), 25)
        updated = table.batch_update([{"id": r["id"], "fields": {"number": r["fields"]["number"] + 100}} for r in created])
        self.assertEqual(sorted(r["fields"]["number"] for r in updated), list(range(100, 125)))
        pages = list(table.iterate(page_size=10, formula=GT(Field("number"), 99)))
        self.assertEqual([len(page) for page in pages], [10, 10, 5])
        self.assertEqual(len(table.all(formula="{number} > 99", view="view", max_records=7)), 7)
        deleted = table.batch_delete([r["id"] for r in created])
        self.assertTrue(all(d["deleted"] for d in deleted))

    def test_string_cells(self):
        record = self.shouting.create({"text": "Cells", "number": 3, "boolean": True, "datetime": "2024-01-15T10:00:00.000Z"})
        found = self.shouting.all(
            formula=EQ(Field("text"), "Cells"), cell_format="string", time_zone="Europe/Paris", user_locale="en-gb"
        )
        self.assertEqual(len(found), 1)
        fields = found[0]["fields"]
        self.assertEqual((fields["text"], fields["number"], fields["boolean"], fields["shouting"]), ("Cells", "3", "checked", "CELLS"))
        # The field shows ISO dates in UTC, 24-hour time, whatever the request's zone.
        self.assertEqual(fields["datetime"], "2024-01-15 10:00")
        self.shouting.delete(record["id"])

    def test_field_ids(self):
        text, number = "fldShoutingText01", "fldShoutingNumb01"
        record = self.shouting.create({text: "Hello", number: 3}, use_field_ids=True)
        self.assertEqual(record["fields"], {text: "Hello", number: 3, self.shouting.schema().field("shouting").id: "HELLO"})
        fetched = self.shouting.get(record["id"])
        self.assertEqual(fetched["fields"]["shouting"], "HELLO")
        # A computed field sent back is refused, as Airtable refuses it.
        with self.assertRaises(HTTPError) as refused:
            self.shouting.batch_update([fetched])
        self.assertEqual(refused.exception.response.status_code, 422)
        self.assertIn("INVALID_VALUE_FOR_COLUMN", refused.exception.response.text)
        self.shouting.delete(record["id"])

    def test_upsert(self):
        key = str(uuid.uuid4())
        one, two = self.shouting.batch_create([{"text": key + "-1", "number": 1}, {"text": key + "-2", "number": 2}])
        result = self.shouting.batch_upsert(
            [
                {"fields": {"text": key + "-1", "number": 10}},
                {"fields": {"text": key + "-3", "number": 30}},
                {"id": two["id"], "fields": {"number": 20}},
            ],
            key_fields=["text"],
        )
        self.assertEqual(result["updatedRecords"], [one["id"], two["id"]])
        self.assertEqual(len(result["createdRecords"]), 1)
        self.assertEqual([r["fields"]["number"] for r in result["records"]], [10, 30, 20])
        replaced = self.shouting.batch_upsert([{"fields": {"text": key + "-1"}}], key_fields=["text"], replace=True)
        self.assertEqual(replaced["records"][0]["fields"], {"text": key + "-1", "shouting": (key + "-1").upper()})
        self.shouting.batch_delete([one["id"], two["id"], result["createdRecords"][0]])

    def test_round_trips(self):
        table = self.table
        table.batch_delete([r["id"] for r in table.all()])
        # Records are sent back as they came, id and createdTime included.
        created = table.batch_create([{"text": "A", "number": 1, "boolean": True} for _ in range(3)])
        for record in created:
            record["fields"]["text"] = "C"
        self.assertEqual([r["fields"]["text"] for r in table.batch_update(created)], ["C"] * 3)
        table.batch_delete([r["id"] for r in created])
        # Every list option, by GET and, with a formula too long for a URL, by POST.
        record = table.create({"text": "abracadabra"})
        by_id = [{"id": record["id"], "createdTime": record["createdTime"], "fields": {TEXT_ID: "abracadabra"}}]
        long = "{text} != '%s'" % ("x" * 17000)
        for formula in [None, long]:
            self.assertEqual(table.all(formula=formula, view="view"), [record])
            self.assertEqual(table.all(formula=formula, max_records=1), [record])
            self.assertEqual(table.all(formula=formula, page_size=1), [record])
            self.assertEqual(table.all(formula=formula, offset=""), [record])
            self.assertEqual(table.all(formula=formula, fields=["text", "number"]), [record])
            self.assertEqual(table.all(formula=formula, cell_format="json"), [record])
            self.assertEqual(table.all(formula=formula, sort=["text", "number"]), [record])
            self.assertEqual(table.all(formula=formula, time_zone="utc"), [record])
            self.assertEqual(table.all(formula=formula, user_locale="en-ie"), [record])
            self.assertEqual(table.all(formula=formula, use_field_ids=True), by_id)
        # An upsert that answers by field id; a key field set to null makes a record.
        upserted = table.batch_upsert([{"fields": {"text": "abracadabra", "number": 8}}], key_fields=["text"], use_field_ids=True)
        self.assertEqual(upserted["records"], [{"id": record["id"], "createdTime": record["createdTime"], "fields": {TEXT_ID: "abracadabra", NUMBER_ID: 8}}])
        blank = table.batch_upsert([{"fields": {"text": None, "number": 7}}], key_fields=["text"], replace=True)
        self.assertEqual(blank["records"][0]["fields"], {"number": 7})
        table.batch_delete([record["id"], blank["records"][0]["id"]])

    def test_orm(self):
        import pyairtable.api.api as api_module
        from pyairtable.orm import Model
        from pyairtable.orm import fields as F

        # The ORM makes its own Api from each Meta, for api.airtable.com.
        defaults = api_module.Api.__init__.__kwdefaults__
        self.addCleanup(defaults.__setitem__, "endpoint_url", defaults["endpoint_url"])
        defaults["endpoint_url"] = os.environ["AIRTABLE_ENDPOINT_URL"]

        def meta(table):
            return type("Meta", (), {"api_key": os.environ["AIRTABLE_TOKEN"], "base_id": BASE, "table_name": table})

        class Address(Model):
            Meta = meta("Address")
            street = F.TextField("Street")

        class Contact(Model):
            Meta = meta("Contact")
            first_name = F.TextField("First Name")
            address = F.LinkField("Address", Address)
            birthday = F.DateField("Birthday")

        class Everything(Model):
            Meta = meta("Everything")
            name = F.TextField("Name")
            formula_integer = F.IntegerField("Formula Int", readonly=True)
            formula_nan = F.TextField("Formula NaN", readonly=True)
            link_self = F.SingleLinkField("Link to Self", F.LinkSelf)
            link_count = F.CountField("Link to Self (Count)")
            lookup_integer = F.LookupField("Lookup Int", readonly=True)
            lookup_error = F.LookupField("Lookup Error", readonly=True)
            autonumber = F.AutoNumberField("Autonumber")

        address = Address(street="123 Han")
        address.save()
        contact = Contact(first_name="John", address=[address], birthday=datetime.date(1970, 1, 2))
        self.assertTrue(contact.save().created)
        fetched = Contact.from_id(contact.id)
        self.assertEqual((fetched.address[0].id, fetched.address[0].street), (address.id, "123 Han"))
        self.assertEqual(fetched.birthday, datetime.date(1970, 1, 2))
        # The link's other side, as Airtable keeps it.
        self.assertEqual(self.api.table(BASE, "Address").get(address.id)["fields"]["Contact"], [contact.id])

        record = Everything(name="self")
        record.save()
        record.link_self = record
        record.save()
        record.fetch()
        self.assertEqual((record.formula_integer, record.formula_nan), (3, {"specialValue": "NaN"}))
        self.assertEqual((record.link_count, record.lookup_integer), (1, [3]))
        self.assertEqual(record.lookup_error, [{"error": "#ERROR!"}])
        self.assertIsInstance(record.autonumber, int)
        for model in (contact, address, record):
            model.delete()

    def test_formulas(self):
        now = datetime.datetime.now(datetime.timezone.utc).replace(microsecond=123000)
        quoted = "Contact's \"Name\" {}".format(uuid.uuid4())
        record = self.table.create({"text": quoted, "number": 5, "boolean": True, "datetime": now.isoformat()})
        self.assertEqual(self.table.first(formula=match({"text": quoted}))["id"], record["id"])
        self.assertEqual(self.table.first(formula=match({"datetime": now}))["id"], record["id"])
        found = self.table.first(formula=AND(EQ(Field("text"), quoted), EQ(Field("number"), 5), EQ(Field("boolean"), True)))
        self.assertEqual(found["id"], record["id"])
        by_day = self.table.all(formula=FIND(now.date().isoformat(), Field("datetime")))
        self.assertIn(record["id"], [r["id"] for r in by_day])
        either = self.table.all(formula=OR(match({"text": quoted}), EQ(LEN(Field("text")), -1)))
        self.assertEqual([r["id"] for r in either], [record["id"]])
        self.assertIsNone(self.table.first(formula=EQ(Field("datetime"), DATETIME_PARSE("1999-01-01"))))
        self.table.delete(record["id"])

    def test_comments(self):
        record = self.table.create({"text": "Text"})
        me = self.api.whoami()["id"]
        self.table.add_comment(record["id"], f"A comment from @[{me}]")
        comments = self.table.comments(record["id"])
        self.assertEqual(len(comments), 1)
        self.assertEqual(comments[0].author.id, me)
        self.assertEqual(comments[0].mentioned[me].id, me)
        comments[0].text = "Never mind!"
        comments[0].save()
        self.assertFalse(self.table.comments(record["id"])[0].mentioned)
        comments[0].delete()
        self.assertEqual(self.table.comments(record["id"]), [])
        self.table.delete(record["id"])

    def test_schema(self):
        base = self.api.base(BASE, validate=True)
        self.assertEqual(base.name, "Test Wrapper")
        self.assertIn(TABLE, [t.name for t in base.schema().tables])
        schema = self.table.schema()
        self.assertEqual(schema.field("text").id, TEXT_ID)
        self.assertEqual(schema.field(TEXT_ID).name, "text")
        created = base.create_table(
            "Projects " + uuid.uuid4().hex[:8],
            fields=[{"name": "Name", "type": "singleLineText"}, {"name": "Budget", "type": "currency", "options": {"precision": 2, "symbol": "$"}}],
        )
        self.assertEqual([f.name for f in created.schema().fields], ["Name", "Budget"])
        field = created.create_field("Due", "date", options={"dateFormat": {"name": "iso"}})
        self.assertEqual(field.type, "date")
        created.schema().field("Due").name = "Deadline"
        renamed = created.schema(force=True).field("Due")
        renamed.name = "Deadline"
        renamed.save()
        self.assertEqual(created.schema(force=True).field(renamed.id).name, "Deadline")

    def test_webhooks(self):
        from pyairtable.models import WebhookNotification

        base = self.api.base(BASE)
        hook_url = os.environ["AIRTABLE_ENDPOINT_URL"].rstrip("/") + "/webhook-catcher"
        created = base.add_webhook(hook_url, {"options": {"filters": {"dataTypes": ["tableData"]}}})
        record = self.table.create({"text": "hooked"})
        self.table.update(record["id"], {"text": "changed"})
        webhook = base.webhook(created.id)
        payloads = list(webhook.payloads(cursor=1))
        self.assertEqual(len(payloads), 2)
        changed = payloads[1].changed_tables_by_id[TABLE_ID].changed_records_by_id[record["id"]]
        self.assertEqual(changed.current.cell_values_by_field_id[TEXT_ID], "changed")
        webhook.disable_notifications()
        self.assertFalse(base.webhook(created.id).are_notifications_enabled)
        webhook.extend_expiration()
        body = '{"base":{"id":"%s"},"webhook":{"id":"%s"},"timestamp":"2024-01-01T00:00:00.000Z"}' % (BASE, created.id)
        import base64, hashlib, hmac
        mac = hmac.new(base64.b64decode(created.mac_secret_base64), body.encode(), hashlib.sha256).hexdigest()
        notification = WebhookNotification.from_request(body, "hmac-sha256=" + mac, created.mac_secret_base64)
        self.assertEqual(notification.webhook.id, created.id)
        webhook.delete()
        self.assertNotIn(created.id, [w.id for w in base.webhooks()])
        self.table.delete(record["id"])

    def test_remote_webhook(self):
        # A webhook for another host is made, as on Airtable; the Sandbox
        # keeps its payloads but sends it no ping.
        base = self.api.base(BASE)
        created = base.add_webhook("https://example.com/", {"options": {"filters": {"dataTypes": ["tableData"]}}})
        webhook = base.webhook(created.id)
        record = self.table.create({"text": "Hey there!"})
        payloads = list(webhook.payloads())
        self.assertEqual(len(payloads), 1)
        created_record = payloads[0].changed_tables_by_id[TABLE_ID].created_records_by_id[record["id"]]
        self.assertEqual(created_record.cell_values_by_field_id, {TEXT_ID: "Hey there!"})
        for index in range(5):
            self.table.update(record["id"], {"text": str(index)})
        later = list(webhook.payloads(cursor=payloads[0].cursor + 1))
        self.assertEqual(
            [int(p.changed_tables_by_id[TABLE_ID].changed_records_by_id[record["id"]].current.cell_values_by_field_id[TEXT_ID]) for p in later],
            list(range(5)),
        )
        # The ping is the Sandbox's own task: its result is there soon after.
        deadline = time.monotonic() + 10
        while (result := base.webhook(created.id).last_notification_result) is None and time.monotonic() < deadline:
            time.sleep(0.05)
        self.assertIsNotNone(result)
        self.assertFalse(result.success)
        webhook.delete()
        self.table.delete(record["id"])


if __name__ == "__main__":
    unittest.main(verbosity=2)
