""" "Collega un telefono": this server's LAN address and a QR code of it."""
