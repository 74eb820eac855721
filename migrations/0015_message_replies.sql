CREATE TABLE `message_replies` (
	`id` text PRIMARY KEY NOT NULL,
	`message_id` text NOT NULL,
	`body` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`last_attempt_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`message_id`) REFERENCES `messages`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `message_replies_message_idx` ON `message_replies` (`message_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `message_replies_status_created_at_idx` ON `message_replies` (`status`,`created_at`);