import pytest

from hhtools.store import store as store_module
from hhtools.store.importer import import_paths
from hhtools.store.store import Store


@pytest.fixture(scope="session")
def batched_store(corpus, tmp_path_factory) -> Store:
    """The corpus of three sites imported site by site, none merged: several batches, which
    every batch-by-batch read must add up (read only: a test that changes it works on a copy)."""
    store = Store(tmp_path_factory.mktemp("batched") / "db")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(store_module, "COMPACT_AFTER", 0)
        for site in ("pokerstars", "kingsclub", "winamax"):
            import_paths([corpus / site], store)
    assert len(store.batch_folders()) >= 3
    return store
