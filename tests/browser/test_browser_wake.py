"""Keeping a phone awake where the Screen Wake Lock API is missing (plain
http on the LAN): after the first tap a silent, muted, inline video loops
across the whole view, transparent and letting taps through. Chromium keeps
the screen on while such a video plays (it measures the video's box: mostly
on screen and at least a fifth of the view). Only headless Chromium runs
here; the screen itself can't be watched, so the test checks what Chromium
bases its decision on."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from browser_support import join, track_value

pytestmark = pytest.mark.browser

NO_WAKE_LOCK = "delete navigator.wakeLock; delete Navigator.prototype.wakeLock;"
PLAYING = """() => {
  const video = document.querySelector("video.awake-video");
  return video !== null && !video.paused && video.currentTime > 0.3
    && video.getVideoPlaybackQuality().totalVideoFrames > 0;
}"""
# What Chromium's video wake lock measures: the share of the video's box in
# view and the share of the view it covers (both by geometry, as an
# IntersectionObserver reports it).
COVERAGE = """() => new Promise(resolve => {
  const video = document.querySelector("video.awake-video");
  const shares = {};
  new IntersectionObserver(entries => { shares.visible = entries[0].intersectionRatio; done(); })
    .observe(video);
  const box = video.getBoundingClientRect();
  shares.ofView = (box.width * box.height) / (window.innerWidth * window.innerHeight);
  function done() { resolve(shares); }
})"""


def test_without_the_wake_lock_api_a_tap_starts_a_silent_looping_video(server, tally, phones):
    phone = phones()
    phone.context.add_init_script(NO_WAKE_LOCK)
    page = phone.page
    join(page, server, tally.token, "Alice")
    assert page.evaluate("'wakeLock' in navigator") is False
    hint = page.locator("#wake-hint")
    expect(hint).to_be_visible()
    assert page.locator("video.awake-video").count() == 0  # nothing before a tap

    hint.tap()
    page.wait_for_function(PLAYING)
    video = page.evaluate("""() => { const v = document.querySelector("video.awake-video");
        return {muted: v.muted, loop: v.loop, inline: v.playsInline, source: v.currentSrc,
                events: getComputedStyle(v).pointerEvents, opacity: getComputedStyle(v).opacity}; }""")
    assert video["muted"] and video["loop"] and video["inline"]
    assert video["source"].endswith("/static/awake.webm")
    assert video["events"] == "none" and video["opacity"] == "0"
    shares = page.evaluate(COVERAGE)
    assert shares["visible"] > 0.75 and shares["ofView"] > 0.2
    # The hint had nothing left to say.
    expect(hint).to_be_hidden()
    # Taps go through the video to the game.
    page.get_by_role("button", name="Doom plus 1").click()
    expect(track_value(page, "Doom")).to_have_text("1")


def test_the_video_plays_again_when_the_page_is_shown_again(server, tally, phones):
    phone = phones()
    phone.context.add_init_script(NO_WAKE_LOCK)
    page = phone.page
    join(page, server, tally.token, "Alice")
    page.locator("#wake-hint").tap()
    page.wait_for_function(PLAYING)
    page.evaluate("""() => {
        document.querySelector("video.awake-video").pause();
        document.dispatchEvent(new Event('visibilitychange'));
    }""")
    page.wait_for_function("() => !document.querySelector('video.awake-video').paused")


def test_with_the_wake_lock_api_no_video_is_played(server, tally, phones):
    page = phones().page  # the phones here record wake lock requests (browser_support)
    join(page, server, tally.token, "Alice")
    page.wait_for_function("window.__wakeLockRequests.length > 0")
    page.get_by_role("button", name="Doom plus 1").tap()
    expect(track_value(page, "Doom")).to_have_text("1")
    assert page.locator("video").count() == 0
