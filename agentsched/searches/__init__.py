"""Schedule search, one concern per module:

    objectives.py  what a search minimizes (cost tuples); objectives a target cannot measure
    features.py    what policies see of a candidate
    policies.py    picklable rules that make every pick (heuristic, prefix, linear)
    cache.py       the evaluation cache (metrics by content key)
    evaluate.py    one schedule: replay (evaluate) or live compile with a policy (rollout)
    evaluator.py   batches of them: in process, in a worker pool, or on Ray
    tracker.py     best-so-far and the result of a search method
    beam.py, evolve.py   the search methods
    gpu_time.py    the 'time' objective: modules checked and timed on the local GPU
    gpu_pool.py    the same on every GPU of a host or a Ray cluster (a worker per GPU)
    run.py         a whole search (run_search -> SearchReport): the body of `agentsched search`
    env.py         a gymnasium environment over a LiveSession (importing it registers
                   `agentsched/Sched-v0`)

docs/search.md describes them."""
