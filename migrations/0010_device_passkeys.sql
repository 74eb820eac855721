CREATE TABLE `device_passkey_challenges` (
	`challenge` text PRIMARY KEY NOT NULL,
	`ceremony` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `device_passkey_challenges_created_idx` ON `device_passkey_challenges` (`created_at`);--> statement-breakpoint
CREATE TABLE `device_passkeys` (
	`id` text PRIMARY KEY NOT NULL,
	`public_key` text NOT NULL,
	`counter` integer NOT NULL,
	`transports` text DEFAULT '' NOT NULL,
	`name` text NOT NULL,
	`created_at` integer NOT NULL,
	`last_used_at` integer
);
