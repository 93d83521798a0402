"""GET /metrics: the Prometheus text format (server/metrics.py), for the loopback or a bearer token."""

from __future__ import annotations

import hmac
import ipaddress

from fastapi import APIRouter, Header, Request
from fastapi.responses import Response

from spieltisch.games.errors import ErrorCode
from spieltisch.server import metrics
from spieltisch.server.routes.answers import error_response
from spieltisch.server.services import ServicesDep

router = APIRouter()


@router.get("/metrics", response_model=None)
async def scrape(
    request: Request, s: ServicesDep, authorization: str | None = Header(default=None)
) -> Response:
    token = s.config.metrics_token
    given = (authorization or "").removeprefix("Bearer ").strip()
    if not (
        _loopback(request) or (token is not None and hmac.compare_digest(given.encode(), token.encode()))
    ):
        return error_response(
            403, ErrorCode.FORBIDDEN, "metrics are for the loopback, or with the metrics token"
        )
    metrics.update_gauges(*await s.gauge_snapshot())
    body, content_type = metrics.exposition()
    return Response(body, media_type=content_type, headers={"cache-control": "no-store"})


def _loopback(request: Request) -> bool:
    """Whether the client is on this host (behind a proxy on this host, the proxy's client counts:
    uvicorn puts X-Forwarded-For's address here)."""
    host = request.client.host if request.client else ""
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False
