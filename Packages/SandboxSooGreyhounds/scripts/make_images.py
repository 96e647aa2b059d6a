#!/usr/bin/env python3
"""Makes the SooGreyhounds sandbox photos and their catalogue.

The lesson's photographs are not available, so the sandbox serves generated
stand-ins: a coloured card per photo with a running greyhound, the photo's
title and its pixel size, each a real JPEG under 200 KiB.

Run once by hand (the build never runs it) and commit what it writes:

    pip install pillow
    python3 Packages/Sandbox/scripts/make_images.py

It writes Sources/SandboxSooGreyhounds/Resources/soogreyhounds/images/<title>.jpg and
Sources/SandboxSooGreyhounds/Resources/soogreyhounds/photos.json. The first four photos
are the ones of the lesson's getList response (same ids, owners, titles and
dates taken); the others are older, so "latest first" still starts with the
lesson's four.
"""

import json
import os
import sys

from PIL import Image, ImageDraw, ImageFont

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "Sources", "SandboxSooGreyhounds", "Resources", "soogreyhounds")
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
LIMIT = 200 * 1024

# id, owner, title, date taken, tags, (width, height), top colour, bottom colour
PHOTOS = [
    ("1", "1", "DeMeo_J17_2595", "2017-01-01 12:32:06", "goal celebration home",
     (1600, 1067), (196, 18, 48), (40, 8, 12)),
    ("2", "1", "Caron_S17_3592", "2017-01-01 12:22:06", "faceoff centre ice",
     (1024, 683), (20, 20, 24), (150, 20, 40)),
    ("3", "1", "Calistini_S17_3456", "2017-01-01 12:12:06", "goalie save crease",
     (800, 1200), (230, 230, 235), (120, 10, 30)),
    ("4", "1", "Fowler_J17_2750", "2017-01-01 12:05:06", "warmup skate",
     (1200, 800), (90, 10, 20), (10, 10, 10)),
    ("5", "1", "Lindqvist_D16_1987", "2016-12-30 19:41:12", "bench celebration",
     (1600, 900), (30, 60, 120), (10, 15, 40)),
    ("6", "2", "Okafor_D16_1864", "2016-12-29 20:15:40", "breakaway goal",
     (1067, 1600), (200, 90, 20), (60, 20, 10)),
    ("7", "2", "Tremblay_D16_1702", "2016-12-28 19:05:33", "anthem lineup",
     (1280, 853), (25, 110, 70), (5, 30, 20)),
    ("8", "1", "Kowalski_N16_1550", "2016-11-26 18:58:02", "faceoff defensive zone",
     (900, 1350), (120, 40, 140), (25, 10, 35)),
    ("9", "2", "Bergeron_N16_1433", "2016-11-19 20:22:47", "goalie glove save",
     (1600, 1067), (70, 70, 80), (15, 15, 20)),
    ("10", "1", "Nakamura_O16_1290", "2016-10-22 19:37:15", "power play shot",
     (1024, 768), (0, 120, 160), (0, 30, 50)),
    ("11", "2", "Moreau_O16_1175", "2016-10-15 21:03:09", "handshake line",
     (1200, 1200), (170, 140, 30), (50, 40, 5)),
    ("12", "1", "Sullivan_S16_1020", "2016-09-24 19:12:54", "preseason warmup",
     (800, 533), (150, 30, 30), (30, 5, 5)),
]

# A running greyhound, side on, in a 1 x 0.6 box (x right, y down).
GREYHOUND = [
    (1.00, 0.215), (0.93, 0.18), (0.87, 0.15), (0.84, 0.13), (0.80, 0.11),
    (0.815, 0.155), (0.78, 0.19), (0.70, 0.25), (0.55, 0.27), (0.40, 0.23),
    (0.27, 0.27), (0.20, 0.30), (0.10, 0.36), (0.02, 0.46), (0.04, 0.47),
    (0.12, 0.39), (0.19, 0.35), (0.20, 0.38), (0.10, 0.47), (0.02, 0.53),
    (0.01, 0.55), (0.05, 0.555), (0.14, 0.49), (0.25, 0.41), (0.31, 0.37),
    (0.40, 0.36), (0.52, 0.42), (0.60, 0.43), (0.72, 0.47), (0.88, 0.51),
    (0.97, 0.52), (0.98, 0.545), (0.87, 0.535), (0.70, 0.50), (0.62, 0.46),
    (0.66, 0.38), (0.74, 0.30), (0.86, 0.245), (0.96, 0.235), (1.00, 0.225),
]


def gradient(size, top, bottom):
    width, height = size
    column = Image.new("RGB", (1, height))
    for y in range(height):
        t = y / max(1, height - 1)
        column.putpixel((0, y), tuple(int(a + (b - a) * t) for a, b in zip(top, bottom)))
    return column.resize(size)


def text_colour(top):
    return (20, 20, 20) if sum(top) > 500 else (250, 250, 250)


def card(photo):
    ident, _, title, taken, tags, size, top, bottom = photo
    width, height = size
    image = gradient(size, top, bottom)
    draw = ImageDraw.Draw(image)
    ink = text_colour(top)

    # The silhouette spans 0.10-0.56 of its width vertically; keep it above the text.
    dog_width = min(width * 0.8, height * 0.6 / 0.46)
    left = (width - dog_width) / 2
    upper = (height * 0.68 - 0.46 * dog_width) / 2 - 0.10 * dog_width
    points = [(left + x * dog_width, upper + y * dog_width) for x, y in GREYHOUND]
    draw.polygon(points, fill=ink)

    big = ImageFont.truetype(FONT, max(18, width // 16))
    small = ImageFont.truetype(FONT, max(12, width // 40))
    draw.text((width / 2, height * 0.78), title, font=big, fill=ink, anchor="mm")
    caption = f"#{ident} · {width} × {height} · {taken}"
    draw.text((width / 2, height * 0.88), caption, font=small, fill=ink, anchor="mm")
    draw.text((width / 2, height * 0.94), tags, font=small, fill=ink, anchor="mm")
    return image


def save(image, path):
    for quality in (82, 74, 66, 58, 50):
        image.save(path, "JPEG", quality=quality, optimize=True)
        if os.path.getsize(path) < LIMIT:
            return
    sys.exit(f"{path} is still over {LIMIT} bytes")


def main():
    images = os.path.join(OUT, "images")
    os.makedirs(images, exist_ok=True)
    catalogue = []
    for photo in PHOTOS:
        ident, owner, title, taken, tags, (width, height), _, _ = photo
        file = f"{title}.jpg"
        save(card(photo), os.path.join(images, file))
        catalogue.append({
            "id": ident, "owner": owner, "title": title, "datetaken": taken,
            "tags": tags, "file": file, "width": width, "height": height,
        })
    with open(os.path.join(OUT, "photos.json"), "w", encoding="utf-8") as handle:
        json.dump({"photos": catalogue}, handle, indent=2)
        handle.write("\n")


if __name__ == "__main__":
    main()
