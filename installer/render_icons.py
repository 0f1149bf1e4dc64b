"""Render the application icon from its SVG into the PNG sizes desktops ask for and a Windows .ico.

    QT_QPA_PLATFORM=offscreen .venv/bin/python installer/render_icons.py

Writes resources/icons/tournament-director-<size>.png (16 … 256, used by the desktop entry, the
AppImage and the windows' title bars) and installer/tournament-director.ico (the Windows executable
and its setup program). Only these files are written; other icons in resources/icons/ are left alone.
Run it again after changing resources/icons/tournament-director.svg and commit the results.
"""

from __future__ import annotations

import struct
import sys
from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, Qt
from PySide6.QtGui import QGuiApplication, QImage, QPainter
from PySide6.QtSvg import QSvgRenderer

PROJECT_ROOT = Path(__file__).resolve().parent.parent
ICON_NAME = "tournament-director"
SVG_PATH = PROJECT_ROOT / "resources" / "icons" / f"{ICON_NAME}.svg"
PNG_SIZES = (16, 24, 32, 48, 64, 128, 256)
ICO_SIZES = (16, 24, 32, 48, 64, 256)
ICO_PATH = PROJECT_ROOT / "installer" / f"{ICON_NAME}.ico"


def render_png(renderer: QSvgRenderer, size: int) -> bytes:
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    renderer.render(painter)
    painter.end()
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    if not image.save(buffer, "PNG"):
        raise RuntimeError(f"could not encode the {size}px icon as PNG")
    return bytes(data.data())


def ico_from_pngs(pngs: dict[int, bytes]) -> bytes:
    """An .ico whose entries are PNG images (understood by Windows Vista and later and by Inno Setup)."""
    header = struct.pack("<HHH", 0, 1, len(pngs))
    directory = b""
    images = b""
    offset = 6 + 16 * len(pngs)
    for size, png in sorted(pngs.items()):
        dimension = 0 if size >= 256 else size  # 0 means 256 in the ICO directory
        directory += struct.pack("<BBBBHHII", dimension, dimension, 0, 0, 1, 32, len(png), offset)
        images += png
        offset += len(png)
    return header + directory + images


def main() -> int:
    app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])
    renderer = QSvgRenderer(str(SVG_PATH))
    if not renderer.isValid():
        print(f"cannot read the icon drawing {SVG_PATH}", file=sys.stderr)
        return 1
    pngs = {size: render_png(renderer, size) for size in PNG_SIZES}
    for size, png in pngs.items():
        target = SVG_PATH.with_name(f"{ICON_NAME}-{size}.png")
        target.write_bytes(png)
        print(f"wrote {target.relative_to(PROJECT_ROOT)}")
    ICO_PATH.write_bytes(ico_from_pngs({size: pngs[size] for size in ICO_SIZES}))
    print(f"wrote {ICO_PATH.relative_to(PROJECT_ROOT)}")
    del app
    return 0


if __name__ == "__main__":
    sys.exit(main())
