"""Where a problem's ``type`` points: ``/problems/<code>``, a page on the service that answered
(service/problem_pages.py). Kept free of Flask so the command line tools answer the same."""

PROBLEM_TYPE = "/problems/"
