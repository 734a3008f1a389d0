"""Modules the tests import (not tests themselves): seeded playouts, tutorial drivers, browser steps."""
