"""The hand store (Parquet files), its lock and check, the rows it holds, and the
imports that fill it: local, on Dask, or as the client writes.

Imports ``core``, ``sites``, ``reading`` and ``auditing``."""
