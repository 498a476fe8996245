"""Experiments: rows of metrics per kernel, target and agent (experiment.py), kept in a SQLite
store (store.py); bundles of compiled variants timed where the GPU is (bundles.py); the seed's
tables (reproduce.py); rows as JSON/CSV (rows.py); the HTML report (htmlreport/)."""
