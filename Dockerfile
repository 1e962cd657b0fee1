# The bot in a container: docs/admin.md, "Run it as a service". The database lives in the
# /data volume (MAHJONG_DB), so a new image keeps every chip and every unfinished table.
FROM python:3.11-slim

WORKDIR /app
COPY . /app
RUN pip install --no-cache-dir . \
    && useradd --system --create-home --home-dir /home/mahjong mahjong \
    && mkdir -p /data && chown mahjong /data

ENV MAHJONG_DB=/data/mahjong.db \
    MAHJONG_BACKUP_DIR=/data/backups \
    MAHJONG_IMAGES=/data/offline-images \
    PYTHONUNBUFFERED=1
VOLUME ["/data"]
USER mahjong

# SIGTERM (docker stop) closes the bot cleanly; unfinished tables resume on the next start
STOPSIGNAL SIGTERM
CMD ["mahjong-bot"]
