"""Make the silent videos that keep a phone's screen awake where the Screen
Wake Lock API is missing (phones reach the app over plain http, and browsers
offer that API only on secure pages).

A browser keeps the screen on while a video plays on screen (Chromium: a
playing video with picture, covering most of the view; see app.js). These
are two seconds of black, 32x32, no sound: VP8 in WebM (Chromium, Firefox)
and H.264 baseline in MP4 (Safari, which has no VP8 in every version).

    python scripts/make_awake_video.py    # needs ffmpeg; rewrites companion/web/static/awake.*

The results are committed, so nobody needs ffmpeg to run the app.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

STATIC = Path(__file__).resolve().parent.parent / "companion" / "web" / "static"
BLACK = ["-f", "lavfi", "-i", "color=c=black:s=32x32:r=5:d=2"]
COMMON = ["-an", "-map_metadata", "-1", "-fflags", "+bitexact", "-flags:v", "+bitexact"]
OUTPUTS = {
    "awake.webm": ["-c:v", "libvpx", "-b:v", "8k", "-auto-alt-ref", "0"],
    "awake.mp4": ["-c:v", "libx264", "-profile:v", "baseline", "-level", "3.0", "-pix_fmt", "yuv420p",
                  "-tune", "stillimage", "-crf", "40", "-movflags", "+faststart"],
}


def main() -> int:
    ffmpeg = shutil.which("ffmpeg")
    if ffmpeg is None:
        print("ffmpeg is needed (Debian: apt-get install ffmpeg)", file=sys.stderr)
        return 2
    for name, codec in OUTPUTS.items():
        target = STATIC / name
        subprocess.run([ffmpeg, "-y", "-loglevel", "error", *BLACK, *codec, *COMMON, str(target)], check=True)
        print(f"{target.relative_to(STATIC.parent.parent.parent)}: {target.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
