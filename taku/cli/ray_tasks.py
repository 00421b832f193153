"""Games as Ray tasks: ``--ray [ADDRESS]`` of ``taku mahjong simulate``, ``taku mahjong evaluate``
and ``taku renju match`` (the optional extra ``taku[ray]``).

:func:`ray_map` calls a function on each item of a (possibly endless) iterable as Ray tasks and
yields the results as they finish. It keeps at most ``window`` tasks in flight and takes items from
the iterable only as tasks finish, so neither the schedule nor the results are ever held whole by
the coordinator (this process): it submits, waits, and hands each result to the caller, who
writes it to disk or folds it into a running summary.

With no address a local Ray runtime is started with ``workers`` CPUs (and stopped at the end);
with an address (``auto``, ``ray://host:10001`` or ``host:6379``) the tasks run on that cluster.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TypeVar

from taku.cli.main import CommandError

T = TypeVar("T")
R = TypeVar("R")

RAY_HELP = ("run the games as Ray tasks: on a local Ray runtime with --workers CPUs when no ADDRESS is "
            "given, or on the cluster at ADDRESS (auto, host:6379 or ray://host:10001); needs "
            "taku[ray]. The results do not depend on it")


def add_ray_option(parser: Any, batch: bool = False) -> None:
    """Add ``--ray [ADDRESS]`` (and with ``batch``, ``--ray-batch B``) to a sub-command's parser."""
    from taku.cli.main import count

    parser.add_argument("--ray", nargs="?", const="", default=None, metavar="ADDRESS", help=RAY_HELP)
    if batch:
        parser.add_argument("--ray-batch", type=count(1, 10_000, "a number of games"), default=1,
                            metavar="B", help="with --ray: games per Ray task (default 1; more "
                                              "relieves the coordinator on a large cluster)")


def run_batch(items: list[Any], function: Callable[..., R], *shared: Any) -> list[R]:
    """``function(item, *shared)`` for each of ``items`` (one Ray task of a batch)."""
    return [function(item, *shared) for item in items]


def _ray() -> Any:
    try:
        import ray
    except ImportError:
        raise CommandError("--ray needs Ray: pip install 'taku[ray]'") from None
    return ray


def ray_map(function: Callable[..., R], items: Iterable[Any], *, address: str, workers: int,
            shared: tuple[Any, ...] = (), window: int | None = None, batch: int = 1) -> Iterator[R]:
    """``function(item, *shared)`` for each item, as Ray tasks, yielded as they finish (in no
    particular order). ``shared`` values are put in Ray's object store once. At most ``window``
    tasks (default: four per CPU of the runtime) are in flight, each of ``batch`` items."""
    if batch > 1:
        iter_items = iter(items)
        chunks = iter(lambda: list(itertools.islice(iter_items, batch)), [])
        for results in ray_map(run_batch, chunks, address=address, workers=workers,
                               shared=(function, *shared), window=window):
            yield from results
        return
    ray = _ray()
    started_here = False
    if not ray.is_initialized():
        try:
            if address:
                ray.init(address=address, log_to_driver=False, logging_level="ERROR")
            else:
                ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False,
                         logging_level="ERROR")
        except (ConnectionError, ValueError, RuntimeError) as error:
            where = f"the Ray cluster at {address}" if address else "a local Ray runtime"
            raise CommandError(f"--ray: cannot start or reach {where}: "
                               f"{str(error).splitlines()[0] if str(error) else error!r}") from None
        started_here = True
    try:
        # a compiled (mypyc) function is not a Python function, which ray.remote refuses: the task
        # is a plain function here that calls it
        remote = ray.remote(num_cpus=1, max_retries=0)(_call)
        refs = [ray.put(function), *(ray.put(value) for value in shared)]
        cpus = int(ray.cluster_resources().get("CPU", workers)) or 1
        limit = window or 4 * cpus
        pending = iter(items)
        running: list[Any] = []
        while True:
            for item in itertools.islice(pending, limit - len(running)):
                running.append(remote.remote(item, *refs))
            if not running:
                return
            done, running = ray.wait(running, num_returns=1)
            for ref in done:
                try:
                    yield ray.get(ref)
                except ray.exceptions.RayTaskError as error:
                    cause = error.cause if getattr(error, "cause", None) is not None else error
                    raise cause from None
    finally:
        if started_here:
            ray.shutdown()


def _call(item: Any, function: Callable[..., Any], *shared: Any) -> Any:
    """One Ray task: ``function(item, *shared)``."""
    return function(item, *shared)
