"""Whom a waiting connection counts against (server/slow_clients.py): an IPv4 address, or an IPv6
client's whole /64 — one host may pick any of its 2^64 addresses, and must not get a cap for each."""

from __future__ import annotations

from spieltisch.server.slow_clients import Waiting, address_key


def test_ipv6_clients_count_by_their_64_and_ipv4_by_their_address():
    assert address_key("2001:db8:1:2::1") == address_key("2001:db8:1:2:ffff:ffff:ffff:ffff")
    assert address_key("2001:db8:1:2::1") != address_key("2001:db8:1:3::1")
    assert address_key("::ffff:192.0.2.7") == address_key("192.0.2.7") == "192.0.2.7"
    assert address_key("192.0.2.7") != address_key("192.0.2.8")
    assert address_key(None) == ""


def test_an_address_at_its_cap_is_refused_until_one_of_its_connections_stops_waiting():
    waiting = Waiting()
    assert all(waiting.take("192.0.2.7", 3) for _ in range(3))
    assert not waiting.take("192.0.2.7", 3)
    assert waiting.take("192.0.2.8", 3)  # another address is not affected
    waiting.give_back("192.0.2.7")
    assert waiting.take("192.0.2.7", 3)
    for _ in range(3):
        waiting.give_back("192.0.2.7")
    assert "192.0.2.7" not in waiting.counts  # nothing is kept for an address without connections
