"""Settings, saves and statistics: user data under platformdirs, versioned JSON, atomic."""
