"""The game screen's views: each draws one part of the table and says what lies under the pointer."""
