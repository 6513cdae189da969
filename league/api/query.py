"""The API's optional whole-number query parameters (a list's keyset, a filter, a limit), each declared once: the
schema states the very bounds the view reads it with."""

from dataclasses import dataclass

from drf_spectacular.utils import OpenApiParameter
from rest_framework.request import Request

from league.api.serializers.fields import ID_MAX
from league.input import strict_int


@dataclass(frozen=True)
class QueryInt:
    """`?name=N`: a whole number from `low` to `high` in ASCII digits, an id unless told otherwise; None when left
    out; anything else is 400 `invalid` on the parameter."""

    name: str
    description: str
    low: int = 1
    high: int = ID_MAX

    @property
    def parameter(self) -> OpenApiParameter:
        """The parameter as the schema documents it."""
        return OpenApiParameter(
            self.name,
            {"type": "integer", "minimum": self.low, "maximum": self.high},
            OpenApiParameter.QUERY,
            required=False,
            description=self.description,
        )

    def read(self, request: Request) -> int | None:
        """The parameter's value in the request."""
        return strict_int(request.query_params.get(self.name), low=self.low, high=self.high, field=self.name)
