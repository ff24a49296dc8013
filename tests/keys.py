"""Fixed token keys for the tests (never used anywhere else): the first seals, both open."""

KEY_A = "q9Rr0Jb0mZ9oHq1vS2wq1ZsYj7bU3lq0p8kY1xkq9aQ"
KEY_B = "tC6m3n0rA1x2VvD3qK9p0s7Zy4wE5uR8oI1bN6hJ2gM"
TEST_KEYS = f"{KEY_A},{KEY_B}"
