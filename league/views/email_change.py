"""The two links of an address change (league/services/email_change.py): the new address's, which makes it the
account's, and the old address's, which undoes the change."""

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from league.errors import ServiceError
from league.services.email_change import email_change_confirm, email_change_undo


def email_change_confirm_page(request: HttpRequest, token: str) -> HttpResponse:
    """Whoever opens the link confirms the address it was sent to (the signature is the proof)."""
    try:
        email_change_confirm(token=token)
    except ServiceError as error:
        return render(request, "400.html", {"message": error.message}, status=400)
    messages.success(request, _("Your new e-mail address is confirmed: the mail goes there from now on."))
    return redirect("settings" if request.user.is_authenticated else "login")


def email_change_undo_page(request: HttpRequest, token: str) -> HttpResponse:
    """A GET shows what the link undoes and asks to confirm (a mail scanner that follows links must not undo); the
    POST undoes it and sends the reader on to reset the password."""
    if request.method != "POST":
        return render(request, "account/email_change_undo.html", {"token": token})
    try:
        email_change_undo(token=token)
    except ServiceError as error:
        return render(request, "400.html", {"message": error.message}, status=400)
    messages.success(
        request,
        _(
            "The change is undone: your mail comes back to this address, and the account's API token is ended. Now "
            "choose a new password: whoever asked for the change knew the old one."
        ),
    )
    return redirect("password_reset")
