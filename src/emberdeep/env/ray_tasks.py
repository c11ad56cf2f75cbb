"""Jobs as Ray tasks on a local or remote cluster (the ``ray`` extra), with progress and
reruns: what ``emberdeep balance --ray`` and ``rollouts.rollouts`` share.

Every job here is a whole seeded game, so a job run twice gives the same result: a job
whose worker or machine was lost is simply run again (Ray retries it up to ``attempts``
times itself; one that still fails for a lost worker is submitted afresh, as often). A
job that raises an error of its own is not retried (it would fail the same way): the run
stops with that error. Results come back in the jobs' order, whatever order they finish
in, so a run on Ray gives exactly what the same jobs give in one process.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

R = TypeVar("R")
ATTEMPTS = 3
Progress = Callable[[int, int], None]
"""Called with (jobs done, jobs in all) as each job finishes."""


class RayError(RuntimeError):
    """Ray is missing, cannot be reached, or a job failed; the message says which."""


def import_ray() -> Any:
    try:
        return importlib.import_module("ray")
    except ImportError:
        raise RayError('Ray is not installed: pip install "emberdeep[ray]"') from None


def connect(address: str | None) -> Any:
    """Ray, joined to the cluster at ``address`` ("auto": the one running on this
    machine; ``ray://host:10001`` or ``host:6379``), or to a new local instance when
    ``address`` is None or empty (then ``RAY_ADDRESS`` is honoured, as by ``ray.init``)."""
    ray = import_ray()
    if not ray.is_initialized():
        try:
            ray.init(
                address=address or None,
                include_dashboard=False,
                log_to_driver=False,
                configure_logging=False,
            )
        except (ConnectionError, RuntimeError, ValueError) as exc:
            raise RayError(
                f"could not reach Ray at {address or 'a new local instance'}: {exc}"
            ) from None
    return ray


def print_progress(what: str) -> Progress:
    """Progress as one line on standard error, rewritten as jobs finish."""

    def show(done: int, total: int) -> None:
        end = "\n" if done == total else ""
        print(f"\r{what}: {done}/{total} done", end=end, file=sys.stderr, flush=True)

    return show


def run(
    fn: Callable[..., R],
    jobs: Sequence[tuple[Any, ...]],
    *,
    address: str | None = None,
    progress: Progress | None = None,
    attempts: int = ATTEMPTS,
) -> list[R]:
    """``[fn(*job) for job in jobs]``, each as a Ray task (see the module's notes)."""
    ray = connect(address)
    remote = ray.remote(max_retries=attempts, retry_exceptions=False)(fn)
    lost = (ray.exceptions.WorkerCrashedError, ray.exceptions.NodeDiedError,
            ray.exceptions.ObjectLostError, ray.exceptions.LocalRayletDiedError)  # fmt: skip
    pending = {remote.remote(*job): n for n, job in enumerate(jobs)}
    results: list[Any] = [None] * len(jobs)
    tries = [1] * len(jobs)
    done = 0
    while pending:
        ready, _ = ray.wait(list(pending), num_returns=1)
        n = pending.pop(ready[0])
        try:
            results[n] = ray.get(ready[0])
        except lost as exc:
            if tries[n] >= attempts:
                raise RayError(f"job {n} {jobs[n]!r} was lost {tries[n]} times: {exc}") from None
            tries[n] += 1
            pending[remote.remote(*jobs[n])] = n
            continue
        except ray.exceptions.RayTaskError as exc:
            raise RayError(f"job {n} {jobs[n]!r} failed: {exc.cause!r}") from None
        done += 1
        if progress is not None:
            progress(done, len(jobs))
    return results
