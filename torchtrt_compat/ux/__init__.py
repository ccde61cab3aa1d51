"""What a person sees: `display` (text and HTML cards, the one sanitiser for outside text), `quiet` (upstream output
captured during import and build), `progress` (stages shown by front end). Imports only infrastructure."""
