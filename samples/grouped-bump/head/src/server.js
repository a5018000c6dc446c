// The sample app's server, written for Express 4: the grouped bump takes it to Express 5, and
// DepVerdict's usage scan shows which of its calls that release removed.
const express = require('express');
const axios = require('axios');
const { pick } = require('lodash');

const app = express();

app.del('/items/:id', (req, res) => {
  res.sendStatus(204);
});

app.get('/report', async (req, res) => {
  const { data } = await axios.get('https://api.example.com/report');
  res.json(pick(data, ['id', 'total']));
});

app.get('/report.pdf', (req, res) => {
  res.sendfile('reports/latest.pdf');
});

module.exports = app;
