"""The screens, one module each: ``(session) -> ft.View`` builders and handlers."""
