CREATE TABLE `used_device_passkey_challenges` (
	`challenge` text PRIMARY KEY NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `used_device_passkey_challenges_expires_idx` ON `used_device_passkey_challenges` (`expires_at`);--> statement-breakpoint
DROP TABLE `device_passkey_challenges`;