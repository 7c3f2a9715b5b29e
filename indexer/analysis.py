"""Text → tokens for both languages: jieba for Han text, stemmed words for Latin text.

An `Analysis` is one tokenizer with one game-term dictionary. The index build makes it
from the KB's terms and writes it into the generation; `open_engine` reads it back from
there, so what is indexed and what is searched are always segmented alike, and no
process-wide jieba state is involved. Traditional Chinese is folded to Simplified
first, keeping the text's length so highlight offsets stay valid.
"""

from __future__ import annotations

import functools
import hashlib
import logging
import os
import pickle
import re
import sys
import threading
import weakref
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
from whoosh.lang import porter2


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

ANALYZER_VERSION = "6"  # 6: English stemmed by Porter2 (tapped and tap meet)
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
jieba.setLogLevel(logging.WARNING)
# Every Analysis in use, by digest: whoosh's pickled schema names its tokenizer by the
# digest of the analysis it was built with, and finds it here while indexing.
_IN_USE: weakref.WeakValueDictionary[str, Analysis] = weakref.WeakValueDictionary()


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


def dictionary_digest(terms: tuple[str, ...]) -> str:
    """What an analysis's segmentation depends on: the analyzer version and the terms."""
    digest = hashlib.sha256(ANALYZER_VERSION.encode())
    digest.update("\n".join(terms).encode())
    return digest.hexdigest()[:16]


def normalized_terms(terms: Iterable[str]) -> tuple[str, ...]:
    """Game terms as the dictionary holds them: folded, Han only, sorted, distinct."""
    return tuple(sorted({fold(t.strip()) for t in terms if HAN_RE.fullmatch(fold(t.strip()))}))


class Analysis:
    """One jieba tokenizer with the KB's game terms added: the analysis of one index
    generation. Instances are shared per digest within a process (the dictionary is
    the bulk of a worker's memory)."""

    def __init__(self, tokenizer: jieba.Tokenizer, terms: tuple[str, ...]):
        self._tokenizer = tokenizer
        self.terms = terms
        self.digest = dictionary_digest(terms)
        self._analyzer = self.analyzer()
        _IN_USE.setdefault(self.digest, self)

    @classmethod
    def for_terms(cls, terms: Iterable[str], cache_dir: Path | None = None) -> Analysis:
        """The analysis for a KB's game terms; `cache_dir` keeps the finished dictionary
        for the next build (it loads in a third of jieba's own 0.6 s)."""
        words = normalized_terms(terms)
        found = _IN_USE.get(dictionary_digest(words))
        if found is not None:
            return found
        cache = cache_dir / f"jieba-{_dictionary_key(words)}.pickle" if cache_dir else None
        tokenizer = _load_tokenizer(cache) if cache else None
        if tokenizer is None:
            tokenizer = jieba.Tokenizer()
            with _jieba_lock:
                tokenizer.initialize()
            for word in words:
                if len(word) >= 2:
                    tokenizer.add_word(word, freq=max(tokenizer.suggest_freq(word), 2000))
            if cache:
                _save_tokenizer(tokenizer, cache)
        return cls(tokenizer, words)

    @classmethod
    def load(cls, path: Path, terms: tuple[str, ...]) -> Analysis:
        """The analysis a generation was built with, from its saved dictionary (shared
        with any analysis of the same digest already in this process)."""
        found = _IN_USE.get(dictionary_digest(terms))
        if found is not None:
            return found
        tokenizer = _load_tokenizer(path)
        if tokenizer is None:
            raise ValueError(f"{path} is not a readable dictionary")
        return cls(tokenizer, terms)

    def save(self, path: Path) -> None:
        _save_tokenizer(self._tokenizer, path, prune=False)

    def is_word(self, word: str) -> bool:
        """Whether the dictionary (jieba's, with the game terms) knows this word."""
        return bool(self._tokenizer.FREQ.get(word))

    def analyzer(self):
        """The whoosh analyzer chain of every text field: tokenize, lowercase, drop stop
        words, stem."""
        return (
            BilingualTokenizer(self.digest)
            | LowercaseFilter()
            | StopFilter(stoplist=STOP_WORDS, minsize=1, renumber=False)
            | DottedNumberStemFilter(stemfn=english_stem)
        )

    def tokens(self, text: str, mode: str = "query", positions: bool = False):
        """The analyzed tokens of a text (`mode="index"` adds the sub-words indexed)."""
        return self._analyzer(text, mode=mode, positions=positions)

    def words(self, text: str) -> list[str]:
        """The distinct index terms of a text, in order, as a query sees them."""
        seen: dict[str, None] = {}
        for token in self._analyzer(text, mode="query"):
            seen.setdefault(token.text, None)
        return list(seen)

    def phrase_words(self, text: str) -> list[str]:
        """Every word of a text in order (repeats kept), for phrase matching."""
        return [t.text for t in self._analyzer(text, positions=True, mode="query")]

    def index_words(self, text: str) -> frozenset[str]:
        """Words and the sub-words the index holds too (必杀攻击 → 必杀)."""
        return frozenset(t.text for t in self._analyzer(text, mode="index"))

    def segment(self, text: str) -> list[str]:
        """The main tokens of a text (for tests and debugging)."""
        return [t.text for t in self._analyzer(text, mode="query")]

    def han_tokens(self, text: str, offset: int) -> Iterator[tuple[str, int, int, bool]]:
        """Yields (word, start, end, is_main) for Han text: each word, then its sub-words."""
        tok = self._tokenizer
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
    """A saved dictionary, or None when it is missing or unreadable."""
    try:
        with path.open("rb") as f:
            # A pickle runs code when loaded: only ever our own file in our own directory
            # (a generation's is checked against its manifest before it is read).
            freq, total = pickle.load(f)
    except (OSError, pickle.UnpicklingError, EOFError, ValueError, TypeError):
        return None
    if not isinstance(freq, dict) or not isinstance(total, int):
        return None
    tokenizer = jieba.Tokenizer()
    tokenizer.FREQ, tokenizer.total, tokenizer.initialized = freq, total, True
    return tokenizer


def _save_tokenizer(tokenizer: jieba.Tokenizer, path: Path, prune: bool = True) -> None:
    """Writes a dictionary atomically (a reader never sees half a file); `prune` removes
    the build cache's dictionaries of older KBs."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        with tmp.open("wb") as f:
            pickle.dump((tokenizer.FREQ, tokenizer.total), f, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, path)
        if prune:
            for old in path.parent.glob("jieba-*.pickle"):
                if old != path:
                    old.unlink(missing_ok=True)
    except OSError:
        if not prune:
            raise  # a generation's own dictionary must be written


class BilingualTokenizer(Tokenizer):
    """Tokenizes mixed Chinese/English text with ordinal positions and char offsets,
    with the dictionary of the `Analysis` whose digest it holds (whoosh pickles this
    object into the schema: only the digest travels)."""

    def __init__(self, digest: str):
        self.digest = digest

    def __eq__(self, other: object) -> bool:
        return isinstance(other, BilingualTokenizer) and other.digest == self.digest

    def __hash__(self) -> int:
        return hash((BilingualTokenizer, self.digest))

    def _analysis(self) -> Analysis:
        found = _IN_USE.get(self.digest)
        if found is None:
            raise RuntimeError(
                f"the analysis {self.digest} is not loaded in this process: open the "
                "generation with indexer.engine.open_engine, or build with its Analysis"
            )
        return found

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
        analysis = self._analysis()
        folded = fold(value)
        pos = start_pos
        for m in SPLIT_RE.finditer(folded):
            piece = m.group()
            if HAN_RE.fullmatch(piece):
                with_subwords = mode == "index"
                for word, start, end, is_main in analysis.han_tokens(piece, m.start()):
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


@functools.lru_cache(maxsize=1 << 16)
def english_stem(word: str) -> str:
    """Porter2, remembered: it is pure Python (15 µs a word against 3 for whoosh's Porter),
    and a few thousand distinct words make up nearly every text and question."""
    return porter2.stem(word)


class DottedNumberStemFilter(StemFilter):
    """Stems English words but leaves numbers and rule numbers (16.9.5) alone. The stemmer
    is Porter2 (Snowball English), not whoosh's default Porter: that one leaves a doubled
    consonant doubled, so "tapped", "hitting", "stopped" never met "tap", "hit", "stop"."""

    def __call__(self, tokens):
        stemfn = self.stemfn
        ignore = self.ignore
        for t in tokens:
            if not t.stopped and t.text.isascii() and t.text.isalpha() and t.text not in ignore:
                t.text = stemfn(t.text)
            yield t
