ALTER TABLE `events` ADD `image` text;--> statement-breakpoint
ALTER TABLE `events` ADD `image_copies` text;