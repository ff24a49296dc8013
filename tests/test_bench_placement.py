"""``make bench``'s look at which worker holds which connection (bench/run.py): a slice whose
connections all fell on one worker is run again, so this reading must be right."""

import os
import socket
import subprocess
import sys

import pytest

from bench.run import connections_by_process, one_worker_held_all

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads Linux /proc")


def test_counts_the_connections_each_process_accepted_on_the_port():
    with socket.create_server(("127.0.0.1", 0)) as listener:
        port = listener.getsockname()[1]
        listener.settimeout(30)  # a client that never connects fails the test rather than hanging it
        assert connections_by_process(port, [os.getpid()]) == [0]  # a listening socket is no connection
        # another process holds the clients' ends, whose local port is not the server's
        client = subprocess.Popen([sys.executable, "-c", CLIENTS, str(port)], stdout=subprocess.PIPE)
        try:
            accepted = [listener.accept()[0] for _ in range(3)]
            assert client.stdout.readline() == b"connected\n"
            assert connections_by_process(port, [os.getpid(), client.pid]) == [3, 0]
            accepted.pop().close()
            assert connections_by_process(port, [os.getpid(), client.pid]) == [2, 0]
            other = port + 1 if port < 65535 else port - 1
            assert connections_by_process(other, [os.getpid(), client.pid]) == [0, 0]
            for s in accepted:
                s.close()
        finally:
            client.kill()
            client.wait()


CLIENTS = """
import socket, sys, time
held = [socket.create_connection(("127.0.0.1", int(sys.argv[1]))) for _ in range(3)]
print("connected", flush=True)
time.sleep(60)
"""


def test_a_process_that_is_gone_cannot_say():
    assert connections_by_process(1, [2 ** 22 + 12345]) is None


@pytest.mark.parametrize("counts, uneven", [
    ([4, 0], True), ([0, 4], True), ([3, 1], False), ([2, 2], False),
    ([4], False),  # one worker: nothing to fall elsewhere
    ([1, 0, 0], False),  # fewer connections than workers: some worker must be idle
    ([2, 0, 1], True), (None, False), ([], False),
])
def test_a_slice_is_run_again_only_when_a_worker_could_have_served_and_held_nothing(counts, uneven):
    assert one_worker_held_all(counts) is uneven
