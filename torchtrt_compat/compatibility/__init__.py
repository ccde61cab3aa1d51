"""The compatibility wing: will this stack build and run, and what should be installed instead?

Bottom-up: `matrix` (the release data: a registry snapshot that `snapshot` picks, bundled or refreshed by `refresh`
through `pip_index`, and the curated tables) and `release_traps` (known bugs per release) are facts; `torch_builds`
says which GPUs a torch build drives; `target` turns a described host (a JSON spec, ``env --json``, ``pip freeze``)
into an `Environment`; `requires` evaluates each release's published ``Requires-Dist`` / ``Requires-Python`` the way
pip does; `advice` owns the GPU and install advice that the compiler and runtime also give; `rules` judges an
`Environment` (`check`, `CheckReport`); `report` compares two checks (``--upgrade``); `suggest` and `fleet` are built
on the rules and add none of their own.
Nothing here imports torch.
"""
