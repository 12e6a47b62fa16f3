from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# CI and developers have ../shared beside the clone; the corpus is read in place, never copied.
CORPUS = ROOT.parent / "shared" / "corpus"


@pytest.fixture(scope="session")
def corpus() -> Path:
    if not CORPUS.is_dir():
        pytest.skip(f"the shared corpus is not at {CORPUS}")
    return CORPUS
