-- The downloadable resources became real documents (PDF and Excel workbooks) built with the site.
-- Rows seeded before that still name the old plain-text files; point them at the documents.
UPDATE resources SET file_path = '/downloads/13-week-cash-flow-forecast.xlsx', format = 'Excel spreadsheet (.xlsx)'
  WHERE id = 'seed-resource-13-week-cash-flow-forecast-template' AND file_path = '/downloads/13-week-cash-flow-forecast.csv';
UPDATE resources SET file_path = '/downloads/discovery-call-preparation-checklist.pdf', format = 'PDF'
  WHERE id = 'seed-resource-discovery-call-preparation-checklist' AND file_path = '/downloads/discovery-call-preparation-checklist.md';
UPDATE resources SET file_path = '/downloads/eofy-checklist-small-business.pdf', format = 'PDF'
  WHERE id = 'seed-resource-eofy-checklist-small-business' AND file_path = '/downloads/eofy-checklist-small-business.txt';
UPDATE resources SET file_path = '/downloads/90-day-action-plan-template.pdf', format = 'PDF'
  WHERE id = 'seed-resource-90-day-action-plan-template' AND file_path = '/downloads/90-day-action-plan-template.md';
