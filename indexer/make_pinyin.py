"""Regenerates indexer/pinyin.txt: the toneless pinyin of every common CJK character.

Run `python -m indexer.make_pinyin` after upgrading pypinyin. The table is data, so
the service needs neither pypinyin (55 MB resident) nor any download at run time.
"""

from __future__ import annotations

from pathlib import Path

from pypinyin import Style, pinyin

OUT = Path(__file__).resolve().parent / "pinyin.txt"


def main() -> None:
    lines = []
    for code in range(0x4E00, 0x9FA6):
        ch = chr(code)
        reading = pinyin(ch, style=Style.NORMAL, heteronym=False, errors="ignore")
        if reading and reading[0] and reading[0][0].isascii():
            lines.append(f"{ch}{reading[0][0]}")
    OUT.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {len(lines)} characters to {OUT}")


if __name__ == "__main__":
    main()
