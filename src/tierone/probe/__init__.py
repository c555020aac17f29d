"""``tierone probe``: ask a vendor's live API which schema features its strict mode accepts.

``catalog`` says what is sent, ``vendors`` how each vendor's API is called and answers,
``runner`` sends (httpx, imported only there) and ``report`` renders the results and turns
them into table cells for ``--update``.
"""
