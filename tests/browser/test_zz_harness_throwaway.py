from django.contrib.auth.models import User


def test_admin_login_page(page, screenshot):
    User.objects.create_user("alice", password="pw-12345-long")
    page.goto("/admin/login/")
    assert "Log in" in page.title()
    page.fill("#id_username", "alice")
    assert screenshot("admin-login").exists()
    assert User.objects.count() == 1


def test_home_has_no_console_errors(page, console_errors, screenshot):
    assert User.objects.count() == 0
    page.goto("/")
    screenshot("home")
    assert console_errors == []
    page.evaluate("console.error('boom')")
    assert console_errors and "boom" in console_errors[0]
