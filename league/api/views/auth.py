"""Tokens for scripts and bots: username + password in, the user's token out."""

from django.contrib.auth import authenticate
from drf_spectacular.utils import extend_schema
from rest_framework.authentication import TokenAuthentication
from rest_framework.authtoken.models import Token
from rest_framework.exceptions import AuthenticationFailed
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from league.api.schema import error_responses
from league.api.serializers import TokenRequestSerializer, TokenSerializer
from league.api.throttles import TokenAddressThrottle, TokenUsernameThrottle
from league.api.views.base import ApiView


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
        token, _ = Token.objects.get_or_create(user=user)
        return Response({"token": token.key})
