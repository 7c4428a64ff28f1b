"""What the app adds to the browser's page: its scripts, assets and icons."""
