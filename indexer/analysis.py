"""Text → tokens for both languages: jieba for Han text, stemmed words for Latin text.

One tokenizer serves the index build and the query path, with one game-term
dictionary loaded in one place (`use_game_terms`), so that what is indexed and
what is searched are always segmented alike. Traditional Chinese is folded to
Simplified first, keeping the text's length so highlight offsets stay valid.
"""

from __future__ import annotations

import hashlib
import logging
import os
import pickle
import re
import sys
import threading
from collections.abc import Iterable, Iterator
from pathlib import Path

import opencc
from whoosh.analysis import (
    LowercaseFilter,
    StemFilter,
    StopFilter,
    Token,
    Tokenizer,
)


def _import_jieba():
    """jieba imports pkg_resources (60 ms of every start) only to open its own data
    files, and opens them by path when that import fails: make it fail, for jieba
    alone (unless something imported pkg_resources already)."""
    if "pkg_resources" in sys.modules:
        import jieba
    else:
        sys.modules["pkg_resources"] = None  # type: ignore[assignment]
        try:
            import jieba
        finally:
            del sys.modules["pkg_resources"]
    return jieba


jieba = _import_jieba()

ANALYZER_VERSION = "5"  # 5: back to the plain chain
HAN_RE = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")
# Latin words, numbers and dotted rule numbers (16.9.5) kept whole.
LATIN_RE = re.compile(r"[A-Za-z0-9\uff10-\uff19\uff21-\uff3a\uff41-\uff5a]+(?:[.'’][A-Za-z0-9]+)*")
SPLIT_RE = re.compile(f"{HAN_RE.pattern}|{LATIN_RE.pattern}")

EN_STOP = frozenset(
    (
        "a an and are as at be by can do does for from has have he her his how "
        "i if in into is it its me my of on one's our she so that the their "
        "them they this to was what when where which who whom why will with "
        "you your"
    ).split()
)
ZH_STOP = frozenset(
    (
        "的 了 吗 呢 吧 啊 是 在 和 与 及 或 么 什么 怎么 怎样 如何 会 能 可以 "
        "时 时候 一个 这个 那个 我 你 他 她 它 "
        "我们 你们 他们 有 没有 就 都 也 还 被 把 让 对 从 到 这 那 请问 一下"
    ).split()
)
STOP_WORDS = EN_STOP | ZH_STOP

_t2s = opencc.OpenCC("t2s")
_jieba_lock = threading.Lock()
_tokenizer = jieba.Tokenizer()
_terms: tuple[str, ...] = ()
jieba.setLogLevel(logging.WARNING)


def fold(text: str) -> str:
    """Folds Traditional to Simplified Chinese (phrase level) and full-width to ASCII.

    The result always has the input's length, character for character, so that
    offsets into the folded text are offsets into the original.
    """
    folded = _t2s.convert(text)
    if len(folded) != len(text):  # a phrase conversion changed the length: go char by char
        folded = "".join(_t2s.convert(ch) if len(_t2s.convert(ch)) == 1 else ch for ch in text)
    return folded.translate(_FULLWIDTH)


_FULLWIDTH = {c: c - 0xFEE0 for c in range(0xFF01, 0xFF5F)}


def use_game_terms(terms: Iterable[str], cache_dir: Path | None = None) -> str:
    """Loads the game-term dictionary into the tokenizer; returns its hash.

    Called once per process, by the index build and by the search service alike,
    with the terms of the KB; the hash is stored with the index so that a changed
    dictionary forces a rebuild. With a `cache_dir` (the app-owned index directory),
    the finished dictionary is kept there as a pickle: it loads in a third of the time
    jieba's own marshal cache takes (0.2 s instead of 0.6 s), which is most of a
    server's start-up.
    """
    global _tokenizer, _terms
    words = tuple(sorted({fold(t.strip()) for t in terms if HAN_RE.fullmatch(fold(t.strip()))}))
    with _jieba_lock:
        if words != _terms:
            cache = cache_dir / f"jieba-{_dictionary_key(words)}.pickle" if cache_dir else None
            tokenizer = _load_tokenizer(cache) if cache else None
            if tokenizer is None:
                tokenizer = jieba.Tokenizer()
                tokenizer.initialize()
                for word in words:
                    if len(word) >= 2:
                        tokenizer.add_word(word, freq=max(tokenizer.suggest_freq(word), 2000))
                if cache:
                    _save_tokenizer(tokenizer, cache)
            _tokenizer, _terms = tokenizer, words
    return dictionary_hash()


def _dictionary_key(words: tuple[str, ...]) -> str:
    """What the finished dictionary depends on: jieba's version and dictionary file,
    the analyzer version and the game terms."""
    dict_file = Path(jieba.__file__).parent / "dict.txt"
    stat = dict_file.stat()
    digest = hashlib.sha256(f"{jieba.__version__}|{stat.st_size}|{stat.st_mtime_ns}".encode())
    digest.update(ANALYZER_VERSION.encode())
    digest.update("\n".join(words).encode())
    return digest.hexdigest()[:16]


def _load_tokenizer(path: Path) -> jieba.Tokenizer | None:
    """The cached dictionary, or None when it is missing or unreadable (then rebuilt)."""
    try:
        with path.open("rb") as f:
            # A pickle runs code when loaded: only ever our own file in our own directory.
            freq, total = pickle.load(f)
    except (OSError, pickle.UnpicklingError, EOFError, ValueError, TypeError):
        return None
    if not isinstance(freq, dict) or not isinstance(total, int):
        return None
    tokenizer = jieba.Tokenizer()
    tokenizer.FREQ, tokenizer.total, tokenizer.initialized = freq, total, True
    return tokenizer


def _save_tokenizer(tokenizer: jieba.Tokenizer, path: Path) -> None:
    """Writes the dictionary cache atomically (a reader never sees half a file)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        with tmp.open("wb") as f:
            pickle.dump((tokenizer.FREQ, tokenizer.total), f, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, path)
        for old in path.parent.glob("jieba-*.pickle"):  # dictionaries of older KBs
            if old != path:
                old.unlink(missing_ok=True)
    except OSError:
        pass  # a read-only directory only costs the next start its 0.4 s


def dictionary_hash() -> str:
    """A hash of the analyzer version and the game-term dictionary in use."""
    digest = hashlib.sha256(ANALYZER_VERSION.encode())
    digest.update("\n".join(_terms).encode())
    return digest.hexdigest()[:16]


def is_dictionary_word(word: str) -> bool:
    """Whether jieba's dictionary (with the game terms) knows this word."""
    return bool(_tokenizer.FREQ.get(word))


def warm_up() -> None:
    """Loads jieba's dictionary now rather than in the first request."""
    with _jieba_lock:
        _tokenizer.initialize()


def _han_tokens(text: str, offset: int) -> Iterator[tuple[str, int, int, bool]]:
    """Yields (word, start, end, is_main) for Han text: each word, then its sub-words."""
    tok = _tokenizer
    for word, start, end in tok.tokenize(text, HMM=True):
        yield word, offset + start, offset + end, True
        n = len(word)
        if n > 2:
            for size in (2, 3):
                if size >= n:
                    continue
                for i in range(n - size + 1):
                    sub = word[i : i + size]
                    if tok.FREQ.get(sub):
                        yield sub, offset + start + i, offset + start + i + size, False


def segment(text: str) -> list[str]:
    """The main tokens of a text, as the index sees them (for tests and debugging)."""
    return [t.text for t in BilingualAnalyzer()(text, mode="query")]


class BilingualTokenizer(Tokenizer):
    """Tokenizes mixed Chinese/English text with ordinal positions and char offsets."""

    def __eq__(self, other: object) -> bool:
        return isinstance(other, BilingualTokenizer)

    def __hash__(self) -> int:
        return hash(BilingualTokenizer)

    def __call__(
        self,
        value: str,
        positions: bool = False,
        chars: bool = False,
        keeporiginal: bool = False,
        removestops: bool = True,
        start_pos: int = 0,
        start_char: int = 0,
        tokenize: bool = True,
        mode: str = "",
        **kwargs,
    ) -> Iterator[Token]:
        token = Token(positions, chars, removestops=removestops, mode=mode, **kwargs)
        folded = fold(value)
        pos = start_pos
        for m in SPLIT_RE.finditer(folded):
            piece = m.group()
            if HAN_RE.fullmatch(piece):
                with_subwords = mode == "index"
                for word, start, end, is_main in _han_tokens(piece, m.start()):
                    if not is_main and not with_subwords:
                        continue
                    if is_main:
                        pos += 1
                    yield self._fill(token, word, pos - 1, start, end, start_char, keeporiginal)
            else:
                pos += 1
                yield self._fill(
                    token, piece, pos - 1, m.start(), m.end(), start_char, keeporiginal
                )

    @staticmethod
    def _fill(
        token: Token, text: str, pos: int, start: int, end: int, start_char: int, keep: bool
    ) -> Token:
        token.text = text
        token.boost = 1.0
        token.stopped = False
        if keep:
            token.original = text
        if token.positions:
            token.pos = pos
        if token.chars:
            token.startchar = start_char + start
            token.endchar = start_char + end
        return token


class DottedNumberStemFilter(StemFilter):
    """Stems English words but leaves numbers and rule numbers (16.9.5) alone."""

    def __call__(self, tokens):
        stemfn = self.stemfn
        ignore = self.ignore
        for t in tokens:
            if not t.stopped and t.text.isascii() and t.text.isalpha() and t.text not in ignore:
                t.text = stemfn(t.text)
            yield t


def BilingualAnalyzer():  # noqa: N802 - named like whoosh's analyzer factories
    """The analyzer of every text field: tokenize, lowercase, drop stop words, stem."""
    return (
        BilingualTokenizer()
        | LowercaseFilter()
        | StopFilter(stoplist=STOP_WORDS, minsize=1, renumber=False)
        | DottedNumberStemFilter()
    )
