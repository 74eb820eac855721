ALTER TABLE `posts` ADD `published_at` text;--> statement-breakpoint
ALTER TABLE `events` ADD `published_at` text;--> statement-breakpoint
CREATE INDEX `announcement_recipients_subscriber_idx` ON `announcement_recipients` (`subscriber_id`);--> statement-breakpoint
-- Works and events already shown to visitors were first shown, as far as the site knows, when they were made.
UPDATE `posts` SET `published_at` = `created_at` WHERE `draft` = 0;--> statement-breakpoint
UPDATE `events` SET `published_at` = `created_at` WHERE `draft` = 0;
