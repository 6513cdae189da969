"""Tokens for scripts and bots: username + password in, the user's token out; the owner lists, rotates and revokes
theirs (league/services/tokens.py: tokens expire API_TOKEN_TTL_DAYS after they are made)."""

from django.contrib.auth import authenticate
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.authentication import TokenAuthentication
from rest_framework.authtoken.models import Token
from rest_framework.exceptions import AuthenticationFailed, Throttled
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from league.api.schema import error_responses
from league.api.serializers.accounts import (
    PasswordSerializer,
    TokenInfoSerializer,
    TokenRequestSerializer,
    TokenSerializer,
)
from league.api.throttles import TokenAddressThrottle, TokenUsernameThrottle
from league.api.views.base import ApiView
from league.caller import player_required
from league.errors import PermissionDenied
from league.services.tokens import token_issue, token_revoke, token_rotate, tokens_of
from league.throttles import login_attempt


class TokenCreateView(ApiView):
    # only Token is offered, so that a wrong password gets 401 with a challenge rather than a CSRF error
    authentication_classes = [TokenAuthentication]
    permission_classes = [AllowAny]
    # a password-guessing guard, checked before the password is hashed: per address first, so that every call
    # counts there even when its body is refused
    throttle_classes = [TokenAddressThrottle, TokenUsernameThrottle]

    @extend_schema(
        operation_id="auth_token_create",
        summary="Exchange a username and password for an API token (the same token on every call).",
        request=TokenRequestSerializer,
        responses={200: TokenSerializer, **error_responses(400, 401, 429)},
        auth=[],
        tags=["auth"],
    )
    def post(self, request: Request) -> Response:
        serializer = TokenRequestSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        user = authenticate(request=request._request, **serializer.validated_data)
        if user is None:
            raise AuthenticationFailed("Unable to log in with these credentials.", code="invalid_credentials")
        return Response({"token": token_issue(user_id=user.pk).key})


class MyTokensView(ApiView):
    """The caller's API tokens: list (never the whole key), revoke."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="me_tokens_list",
        summary="Your API tokens: when made, when they expire, the last four characters of the key.",
        responses={200: TokenInfoSerializer(many=True), **error_responses(401)},
        tags=["auth"],
    )
    def get(self, request: Request) -> Response:
        return Response(TokenInfoSerializer(tokens_of(user_id=player_required(request).user_id), many=True).data)

    @extend_schema(
        operation_id="me_tokens_revoke",
        summary="Revoke your API token: it stops working at once (this call's own token too).",
        responses={204: None, **error_responses(401)},
        tags=["auth"],
    )
    def delete(self, request: Request) -> Response:
        token_revoke(user_id=player_required(request).user_id)
        return Response(status=status.HTTP_204_NO_CONTENT)


class MyTokenRotateView(ApiView):
    """A token cannot renew itself: whoever holds a leaked token would keep the account's API for ever. Rotation
    takes the session (a signed-in browser, with its CSRF token) and the account's password, or the settings page
    (/account/tokens/)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="me_tokens_rotate",
        summary="Replace your API token with a new one (shown once, here); the old one stops working at once. Needs "
        "the session and the password: a token alone cannot renew itself (403 session_required).",
        request=PasswordSerializer,
        responses={201: TokenSerializer, **error_responses(400, 401, 403, 429)},
        tags=["auth"],
    )
    def post(self, request: Request) -> Response:
        if isinstance(request.auth, Token):
            raise PermissionDenied(
                "A token cannot renew itself: rotate it on the settings page (/account/tokens/), or here with your "
                "session and password.",
                code="session_required",
            )
        serializer = PasswordSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        # a password door like the log-in's, from this signed-in browser (league/throttles.py)
        wait = login_attempt(request._request, username=request.user.get_username(), known=True)
        if wait is not None:
            raise Throttled(wait=wait)
        if not request.user.check_password(serializer.validated_data["password"]):
            raise PermissionDenied("The password is not right.", code="wrong_password", field="password")
        return Response(
            {"token": token_rotate(user_id=player_required(request).user_id).key}, status=status.HTTP_201_CREATED
        )
