from pathlib import Path

import pytest
from hypothesis import settings

from hhtools.store import store as store_module
from hhtools.store.importer import import_paths
from hhtools.store.store import Store

# Hypothesis's default deadline (200 ms an example) is a timing assertion, which this suite
# does not make: on a loaded CI machine it failed examples that were right.
settings.register_profile("hhtools", deadline=None)
settings.load_profile("hhtools")

ROOT = Path(__file__).resolve().parent.parent
# CI and developers have ../shared beside the clone; the corpus is read in place, never copied.
CORPUS = ROOT.parent / "shared" / "corpus"


@pytest.fixture(scope="session")
def corpus() -> Path:
    if not CORPUS.is_dir():
        pytest.skip(f"the shared corpus is not at {CORPUS}")
    return CORPUS


@pytest.fixture(scope="session")
def batched_store(corpus: Path, tmp_path_factory: pytest.TempPathFactory) -> Store:
    """The corpus of three sites imported site by site, none merged: several batches, which
    every batch-by-batch read must add up (read only: a test that changes it works on a copy)."""
    store = Store(tmp_path_factory.mktemp("batched") / "db")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(store_module, "COMPACT_AFTER", 0)
        for site in ("pokerstars", "kingsclub", "winamax"):
            import_paths([corpus / site], store)
    assert len(store.batch_folders()) >= 3
    return store
