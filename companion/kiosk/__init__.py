"""The Raspberry Pi rig's kiosk: a systemd unit that starts the app full screen at boot."""
