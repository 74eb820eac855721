-- Each device passkey added or removed (listed and e-mailed), and the passkey that signed each session in:
-- removing it ends them (drizzle-kit leaves ON DELETE out of an added column; written by hand).
CREATE TABLE `device_passkey_changes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`change` text NOT NULL,
	`passkey_name` text NOT NULL,
	`device` text NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `device_passkey_changes_at_idx` ON `device_passkey_changes` (`at`);--> statement-breakpoint
ALTER TABLE `admin_sessions` ADD `device_passkey_id` text REFERENCES device_passkeys(id) ON DELETE CASCADE;--> statement-breakpoint
CREATE INDEX `admin_sessions_passkey_idx` ON `admin_sessions` (`device_passkey_id`);