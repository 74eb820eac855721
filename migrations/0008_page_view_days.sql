CREATE TABLE `page_view_days` (
	`day` text PRIMARY KEY NOT NULL,
	`offered` integer DEFAULT 0 NOT NULL,
	`dropped` integer DEFAULT 0 NOT NULL,
	`bound` integer
);
