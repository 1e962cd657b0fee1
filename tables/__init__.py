"""The table service: seats, turns, claim windows, timers, computer seats, persistence.

No Discord here: the service tells *transports* (tables.transport.Transport) what to show,
and the Discord cogs, the offline terminal and the tests are transports.
"""
