pytest_plugins = ["conftest_site"]
