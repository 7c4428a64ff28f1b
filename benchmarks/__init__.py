"""Speed and memory benchmarks, run by hand (``python -m benchmarks.bench_save``
and the like; ``--help`` on each): scripts that print ratios and figures, never
collected by pytest (pyproject's ``testpaths`` leave this folder out)."""
