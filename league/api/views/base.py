"""What every API view shares: token before session (so an anonymous client gets 401 with a challenge); the player
behind a request is `league.caller`."""

from collections.abc import Iterable

from django.utils.translation import gettext_lazy as _
from rest_framework.authentication import SessionAuthentication, TokenAuthentication
from rest_framework.authtoken.models import Token
from rest_framework.exceptions import AuthenticationFailed, NotFound, PermissionDenied
from rest_framework.negotiation import BaseContentNegotiation
from rest_framework.parsers import BaseParser
from rest_framework.renderers import BaseRenderer, JSONRenderer
from rest_framework.request import Request
from rest_framework.utils.mediatypes import media_type_matches
from rest_framework.views import APIView

from league.api.parsers import CheckedJSONParser
from league.api.schema import ApiAutoSchema
from league.api.serializers.fields import ID_MAX
from league.services.tokens import token_expired


class PlayerTokenAuthentication(TokenAuthentication):
    """DRF's token authentication, reading the user's player profile in the same query: nearly every call needs it,
    and it was a second round trip on each."""

    def authenticate_credentials(self, key: str) -> tuple[object, Token]:
        try:
            token = Token.objects.select_related("user__player").get(key=key)
        except Token.DoesNotExist:
            raise AuthenticationFailed(_("Invalid token.")) from None
        if not token.user.is_active:
            raise AuthenticationFailed(_("User inactive or deleted."))
        if token_expired(token):
            raise AuthenticationFailed(_("The token has expired: ask for a new one."), code="token_expired")
        return token.user, token


class CsrfSessionAuthentication(SessionAuthentication):
    """DRF's session authentication, whose CSRF refusal has a code of its own (`csrf_failed`, as the pages' failure
    view answers under /api/), not the generic `permission_denied`."""

    def enforce_csrf(self, request: Request) -> None:
        try:
            super().enforce_csrf(request)
        except PermissionDenied:
            raise PermissionDenied(
                "CSRF check failed: send the session's CSRF token in X-CSRFToken.", code="csrf_failed"
            ) from None


class JsonOnly(BaseContentNegotiation):
    """The API speaks JSON whatever the Accept header asks for: an error answers in its one format rather than a
    406, and no request can choose another rendering of an answer."""

    def select_parser(self, request: Request, parsers: Iterable[BaseParser]) -> BaseParser | None:
        return next((parser for parser in parsers if media_type_matches(parser.media_type, request.content_type)), None)

    def select_renderer(
        self, request: Request, renderers: Iterable[BaseRenderer], format_suffix: str | None = None
    ) -> tuple[BaseRenderer, str]:
        renderer = next(iter(renderers))
        return renderer, renderer.media_type


class ApiView(APIView):
    # Token first: DRF answers 401 + "WWW-Authenticate: Token" from the first class; session-only would give 403
    authentication_classes = [PlayerTokenAuthentication, CsrfSessionAuthentication]
    schema = ApiAutoSchema()
    # JSON only: one content type to document and validate (the pages have their own forms), read through the one
    # validator of league.input
    parser_classes = [CheckedJSONParser]
    renderer_classes = [JSONRenderer]
    content_negotiation_class = JsonOnly

    def initial(self, request: Request, *args: object, **kwargs: object) -> None:
        super().initial(request, *args, **kwargs)
        # an <int:..._id> route takes any size of number; one past a bigint would fail in the database as a 500
        for name, value in kwargs.items():
            if name.endswith("_id") and isinstance(value, int) and not 0 < value <= ID_MAX:
                raise NotFound("No such object.", code="not_found")


class NoSuchEndpointView(ApiView):
    """Any other path under /api/: a 404 in the API's error format rather than Django's HTML page."""

    authentication_classes: list = []
    permission_classes: list = []
    schema = None  # type: ignore[assignment]  # not an operation of the API

    def initial(self, request: Request, *args: object, **kwargs: object) -> None:
        raise NotFound("No such endpoint.", code="no_such_endpoint")
