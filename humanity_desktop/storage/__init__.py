"""Every file the game reads or writes: where they live (places), the one safe writer
(files.write_atomic) and reader (limits, versioned), the autosave, the folder lock, the logs
and the console. Imports only the engine and itself; no pygame here."""
